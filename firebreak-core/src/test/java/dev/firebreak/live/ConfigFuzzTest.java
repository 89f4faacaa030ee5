package dev.firebreak.live;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.config.ConfigScope;
import dev.firebreak.config.Implication;
import dev.firebreak.config.InvalidConfigException;
import dev.firebreak.config.PropertyDefinition;
import dev.firebreak.config.ValueType;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.function.Supplier;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Random text for random properties, many rounds on running objects of every scope: a value is either
 * applied whole or refused whole, never half-applied, and the events say which.
 */
class ConfigFuzzTest {

    private static final String[] WORDS = {"true", "false", "TRUE", "yes", "off", "THREAD", "semaphore", "VIRTUAL",
            "TIMER", "load_aware", "null", "NaN", "∞", "٣", "１２", "0x1F", "1e2", "--", "+", "-", " ", "\t", "\n"};

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {1L, 42L, 20240917L})
    void randomTextNeverHalfAppliesAValue(long seed) {
        Random random = new Random(seed);
        try (Fixture f = new Fixture()) {
            Map<ConfigScope<?, ?>, Supplier<Object>> targets = new HashMap<>();
            for (ConfigScope<?, ?> scope : Scopes.all()) {
                targets.put(scope, Harness.create(f, scope, "t"));
            }
            Map<String, String> lastText = new HashMap<>(); // REFUSED is reported only when a key's text changes
            // a related live key's last value accepted on its own: a rule across properties may hold it back
            // while other values are in force, and it applies, whole, once they change
            Map<String, Object> pendingAccepted = new HashMap<>();
            for (int round = 0; round < 200; round++) {
                ConfigScope<?, ?> scope = Scopes.all().get(random.nextInt(Scopes.all().size()));
                Supplier<Object> target = targets.get(scope);
                Map<PropertyDefinition<?, ?>, String> batch = new HashMap<>();
                int size = 1 + random.nextInt(3);
                while (batch.size() < size) {
                    PropertyDefinition<?, ?> p = scope.properties().get(random.nextInt(scope.properties().size()));
                    batch.put(p, text(random, scope, p));
                }
                Object before = target.get();
                Map<String, String> keys = new HashMap<>();
                batch.forEach((p, text) -> keys.put("firebreak." + scope.segment() + ".t." + p.name(), text));
                f.events.clear();
                f.source.setAll(keys);
                Map<String, String> previousText = new HashMap<>(lastText);
                lastText.putAll(keys);
                Map<String, Object> pendingBefore = new HashMap<>(pendingAccepted);
                batch.forEach((p, text) -> {
                    Object value = typed(p, text);
                    if (relatedLive(p) && value != null && acceptedAlone(scope, p, value)) {
                        pendingAccepted.put("firebreak." + scope.segment() + ".t." + p.name(), value);
                    }
                });
                Object after = target.get();

                for (PropertyDefinition<?, ?> p : scope.properties()) {
                    Object was = Harness.get(p, before);
                    Object now = Harness.get(p, after);
                    String key = "firebreak." + scope.segment() + ".t." + p.name();
                    boolean refused = f.events.stream().anyMatch(
                            e -> e.kind() == ConfigEvent.Kind.REFUSED && key.equals(e.key()));
                    boolean applied = f.events.stream().anyMatch(e -> e.kind() == ConfigEvent.Kind.APPLIED
                            && p.name().equals(e.property()) && scope.segment().equals(e.scope()));
                    if (!batch.containsKey(p) && relatedLive(p) && pendingBefore.containsKey(key)) {
                        // a value accepted alone but refused by a rule across properties is retried at each
                        // resolution: it may apply now that another property changed, whole or not at all
                        assertThat(now).as("round %d: %s kept or its pending value", round, p)
                                .isIn(was, pendingBefore.get(key));
                        continue;
                    }
                    if (!batch.containsKey(p) || !p.live()) {
                        Object implied = impliedByBatch(scope, p, batch);
                        if (implied != null && !batch.containsKey(p)) {
                            assertThat(now).as("round %d: %s untouched or implied", round, p).isIn(was, implied);
                            continue;
                        }
                        assertThat(now).as("round %d: %s untouched", round, p).isEqualTo(was);
                        continue;
                    }
                    String text = batch.get(p);
                    Object expected = oracle(scope, p, text);
                    if (relatedLive(p) && typed(p, text) != null) {
                        expected = typed(p, text);
                        // a live rule across properties (limit.minLimit <= limit.maxLimit, ...) may refuse a
                        // value valid on its own, given the values in force: all or nothing all the same
                        assertThat(now).as("round %d: %s = '%s' kept or applied", round, p, text)
                                .isIn(was, expected, pendingBefore.get(key));
                        // a rule across properties reports its refusal once per value held back: the same value
                        // written again (" 2000\t", then "2000") is held back without a second report
                        String previous = previousText.get(key);
                        boolean sameValue = previous != null && expected.equals(typed(p, previous));
                        assertThat(refused || now.equals(expected) || sameValue)
                                .as("round %d: %s = '%s' applied or refused", round, p, text).isTrue();
                        continue;
                    }
                    if (expected == null) {
                        boolean changed = !text.equals(previousText.get(key));
                        assertThat(refused).as("round %d: %s = '%s' refused", round, p, text).isEqualTo(changed);
                        assertThat(now).as("round %d: %s kept", round, p)
                                .isIn(was, relatedLive(p) ? pendingBefore.get(key) : was);
                    } else {
                        assertThat(refused).as("round %d: %s = '%s' accepted", round, p, text).isFalse();
                        assertThat(now).as("round %d: %s = '%s'", round, p, text).isEqualTo(expected);
                        assertThat(applied).as("round %d: APPLIED event", round).isEqualTo(!expected.equals(was));
                    }
                }
            }
        }
    }

    /** The value {@code p} takes when a property of the batch implies it (see {@link Implication}), or null. */
    private static Object impliedByBatch(ConfigScope<?, ?> scope, PropertyDefinition<?, ?> p,
            Map<PropertyDefinition<?, ?>, String> batch) {
        for (Implication rule : scope.implications()) {
            if (rule.implied().equals(p.name()) && batch.containsKey(scope.property(rule.trigger()))) {
                return rule.value();
            }
        }
        return null;
    }

    /**
     * Whether {@code p} is live and takes part in a rule across properties that may refuse a value valid
     * against the defaults, given other values in force: the adaptive limit's bounds and Vegas' alpha/beta,
     * the rate limiter's burst, rate and window (which depend on its kind), a retry's initial and
     * longest backoff.
     */
    private static boolean relatedLive(PropertyDefinition<?, ?> p) {
        return p.live() && (p.name().startsWith("limit.") || p.name().startsWith("rateLimit.")
                || p.name().startsWith("backoff."));
    }

    /** An independent reading of the text: the typed value if valid on its own, else null. */
    private static Object oracle(ConfigScope<?, ?> scope, PropertyDefinition<?, ?> p, String text) {
        Object value = typed(p, text);
        if (value == null) {
            return null;
        }
        return Harness.samples(scope, p).contains(value) || value.equals(Harness.get(p, scope.defaults()))
                || validAlone(scope, p, value) ? value : null;
    }

    /** The text read as {@code p}'s type, whatever the rules; null if it does not parse. */
    private static Object typed(PropertyDefinition<?, ?> p, String text) {
        String t = text.strip();
        Object value;
        switch (p.type()) {
            case ValueType.IntegerType i -> {
                if (!t.matches("[+-]?[0-9]+")) {
                    return null;
                }
                BigInteger big = new BigInteger(t);
                if (big.bitLength() > 31) {
                    return null;
                }
                value = big.intValueExact();
            }
            case ValueType.DurationType d -> {
                if (!t.matches("[+-]?[0-9]+")) {
                    return null;
                }
                BigInteger big = new BigInteger(t);
                if (big.bitLength() > 31) {
                    return null;
                }
                value = java.time.Duration.of(big.intValueExact(), d.unit());
            }
            case ValueType.DecimalType d -> {
                if (!t.matches("[+-]?([0-9]+(\\.[0-9]*)?|\\.[0-9]+)")) {
                    return null;
                }
                value = Double.parseDouble(t);
            }
            case ValueType.BooleanType b -> {
                String lower = t.toLowerCase(Locale.ROOT);
                if (List.of("true", "yes", "on").contains(lower)) {
                    value = true;
                } else if (List.of("false", "no", "off").contains(lower)) {
                    value = false;
                } else {
                    return null;
                }
            }
            case ValueType.ThrowableTypes types -> {
                List<Class<?>> loaded = new java.util.ArrayList<>();
                for (String name : text.split(",")) {
                    if (name.isBlank()) {
                        continue;
                    }
                    try {
                        Class<?> type = Class.forName(name.strip(), false, ConfigFuzzTest.class.getClassLoader());
                        if (!Throwable.class.isAssignableFrom(type)) {
                            return null;
                        }
                        loaded.add(type);
                    } catch (ClassNotFoundException | LinkageError | IllegalArgumentException notLoaded) {
                        return null;
                    }
                }
                value = List.copyOf(loaded);
            }
            case ValueType.PredicateNameType names -> {
                if (!t.isEmpty() && !Harness.PREDICATE_NAMES.contains(t)) {
                    return null; // not a name, or one the fixture's registry does not know
                }
                value = t;
            }
            case ValueType.NamesType names -> {
                java.util.LinkedHashSet<String> parsed = new java.util.LinkedHashSet<>();
                for (String part : text.split(",", -1)) {
                    String name = part.strip();
                    if (name.isEmpty()) {
                        continue;
                    }
                    if (!name.matches("\\S+")) {
                        return null;
                    }
                    parsed.add(name);
                }
                value = List.copyOf(parsed);
            }
            case ValueType.EnumType<?> e -> {
                value = null;
                for (Enum<?> constant : e.type().getEnumConstants()) {
                    if (constant.name().equalsIgnoreCase(t)) {
                        value = constant;
                    }
                }
                if (value == null) {
                    return null;
                }
            }
        }
        return value;
    }

    /** Whether the first check (the key alone) accepts {@code value}: a rule naming other keys is left to the record. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    private static boolean acceptedAlone(ConfigScope<?, ?> scope, PropertyDefinition<?, ?> p, Object value) {
        return ((ConfigScope) scope).checkAlone(p, value) == null;
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static boolean validAlone(ConfigScope<?, ?> scope, PropertyDefinition<?, ?> p, Object value) {
        try {
            ((ConfigScope) scope).build(Map.of(p, value), java.util.Set.of());
            return true;
        } catch (InvalidConfigException e) {
            return false;
        }
    }

    private static String text(Random random, ConfigScope<?, ?> scope, PropertyDefinition<?, ?> p) {
        return switch (random.nextInt(8)) {
            case 0 -> Integer.toString(random.nextInt(200) - 20);
            case 1 -> Long.toString(random.nextLong());
            case 2 -> Harness.text(p, Harness.samples(scope, p).get(0));
            case 3 -> " " + Harness.text(p, Harness.samples(scope, p).get(0)) + "\t";
            case 4 -> WORDS[random.nextInt(WORDS.length)];
            case 5 -> Integer.toString(random.nextInt()) + (random.nextBoolean() ? "" : "0");
            case 6 -> randomChars(random);
            default -> Integer.toString(random.nextInt(100_000));
        };
    }

    private static String randomChars(Random random) {
        StringBuilder s = new StringBuilder();
        int length = random.nextInt(8);
        for (int i = 0; i < length; i++) {
            s.appendCodePoint(random.nextBoolean() ? 32 + random.nextInt(95) : random.nextInt(0x3000));
        }
        return s.toString();
    }
}
