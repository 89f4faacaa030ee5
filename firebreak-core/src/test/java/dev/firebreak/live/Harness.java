package dev.firebreak.live;

import dev.firebreak.Guard;
import dev.firebreak.Isolation;
import dev.firebreak.collapse.CollapserConfig;
import dev.firebreak.config.ConfigScope;
import dev.firebreak.config.InvalidConfigException;
import dev.firebreak.config.PropertyDefinition;
import dev.firebreak.config.ValueType;
import dev.firebreak.hedge.Hedge;
import dev.firebreak.retry.Retry;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/** Makes a running object of any scope in a {@link Fixture}, and valid sample values for any property. */
final class Harness {

    private Harness() {
    }

    /** Creates the object named {@code name} of {@code scope} and returns a reader of its config in force. */
    static Supplier<Object> create(Fixture f, ConfigScope<?, ?> scope, String name) {
        switch (scope.segment()) {
            case "command" -> {
                Guard guard = f.registry.guard(name).isolation(Isolation.semaphore(10)).build();
                return guard.controls()::config;
            }
            case "threadpool" -> {
                Guard guard = f.registry.guard("user-of-" + name).pool(name).build();
                return guard.controls().threadPool()::config;
            }
            case "collapser" -> {
                FakeCollapser collapser = FakeCollapser.create(f.config, name, CollapserConfig.defaults());
                return collapser::config;
            }
            case "retry" -> {
                Guard guard = f.registry.guard("retry-guard-" + name).isolation(Isolation.semaphore(10)).build();
                return Retry.named(name).through(guard).build()::config;
            }
            case "hedge" -> {
                Guard guard = f.registry.guard("hedge-guard-" + name).isolation(Isolation.semaphore(10)).build();
                return Hedge.named(name).through(guard).build()::config;
            }
            default -> throw new IllegalArgumentException(scope.segment());
        }
    }

    /** The value of {@code property} in {@code config}. */
    @SuppressWarnings("unchecked")
    static Object get(PropertyDefinition<?, ?> property, Object config) {
        return ((PropertyDefinition<Object, Object>) property).get(config);
    }

    /** The result predicates the fixture's registry knows, the samples of a name property. */
    static final List<String> PREDICATE_NAMES = List.of("isNull", "isEmptyString");

    /** Where the fixture's registry finds {@link #PREDICATE_NAMES}. */
    static final dev.firebreak.classify.ResultPredicates PREDICATES = name -> switch (name) {
        case "isNull" -> java.util.Objects::isNull;
        case "isEmptyString" -> ""::equals;
        default -> null;
    };

    /** Valid values of {@code property} other than its default, each building a valid record on its own. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    static List<Object> samples(ConfigScope<?, ?> scope, PropertyDefinition<?, ?> property) {
        Object def = get(property, scope.defaults());
        List<Object> candidates = new ArrayList<>();
        if (def instanceof Integer i) {
            long[] raw = {2L * i, i + 1L, i - 1L, 1, 5, 3L * i};
            for (long r : raw) {
                if (r >= Integer.MIN_VALUE && r <= Integer.MAX_VALUE && r != i) {
                    candidates.add((int) r);
                }
            }
        } else if (def instanceof java.time.Duration d) {
            java.time.temporal.ChronoUnit unit = ((ValueType.DurationType) property.type()).unit();
            long n = d.dividedBy(unit.getDuration());
            long[] raw = {2L * n, n + 1L, n - 1L, 1, 5, 3L * n};
            for (long r : raw) {
                if (r >= Integer.MIN_VALUE && r <= Integer.MAX_VALUE && r != n) {
                    candidates.add(java.time.Duration.of(r, unit));
                }
            }
        } else if (def instanceof Double d) {
            for (double r : new double[] {d / 2, d * 2, 0.5, 1.0, 50, 75, 90, 99, 99.5}) {
                if (r != d) {
                    candidates.add(r);
                }
            }
        } else if (def instanceof Boolean b) {
            candidates.add(!b);
        } else if (property.type() instanceof ValueType.ThrowableTypes) {
            candidates.add(List.of(IllegalStateException.class));
            candidates.add(List.of(java.io.IOException.class, java.util.concurrent.TimeoutException.class));
        } else if (property.type() instanceof ValueType.PredicateNameType) {
            candidates.addAll(PREDICATE_NAMES);
        } else if (property.type() instanceof ValueType.NamesType) {
            candidates.add(List.of("SHEDDABLE"));
        } else if (def instanceof Enum<?> e) {
            for (Object constant : e.getDeclaringClass().getEnumConstants()) {
                if (constant != e) {
                    candidates.add(constant);
                }
            }
        }
        List<Object> valid = new ArrayList<>();
        for (Object candidate : candidates) {
            try {
                ((ConfigScope) scope).build(Map.of(property, candidate), java.util.Set.of());
                if (!valid.contains(candidate)) {
                    valid.add(candidate);
                }
            } catch (InvalidConfigException invalid) {
                // not a valid sample
            }
        }
        if (valid.isEmpty()) {
            throw new IllegalStateException("no valid sample for " + property);
        }
        return valid;
    }

    /** The text of a value of {@code property} as a property file spells it. */
    @SuppressWarnings("unchecked")
    static String text(PropertyDefinition<?, ?> property, Object value) {
        return ((PropertyDefinition<Object, Object>) property).format(value);
    }
}
