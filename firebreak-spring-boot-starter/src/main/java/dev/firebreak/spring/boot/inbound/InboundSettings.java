package dev.firebreak.spring.boot.inbound;

import dev.firebreak.context.Criticality;
import dev.firebreak.spring.boot.criticality.CriticalityHeaderName;
import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.convert.DurationStyle;
import org.springframework.core.ResolvableType;
import org.springframework.core.env.Environment;
import org.springframework.web.util.pattern.PathPattern;
import org.springframework.web.util.pattern.PathPatternParser;
import org.springframework.web.util.pattern.PatternParseException;

/**
 * The inbound filters' configuration, read once at startup and checked whole: a bad value fails the
 * application's start with a message naming the key, the value and the rule.
 *
 * @param header the criticality header's name ({@code firebreak.criticality.header})
 * @param retryAfterMax the most a refusal's {@code Retry-After} says ({@code firebreak.inbound.retry-after-max})
 * @param routes the paths under guards ({@code firebreak.inbound.paths}), most specific pattern first
 */
public record InboundSettings(String header, Duration retryAfterMax, List<InboundRoute> routes) {

    /** Whether the filters are installed at all. */
    public static final String ENABLED = "firebreak.inbound.enabled";
    /** The list of guarded paths. */
    public static final String PATHS = "firebreak.inbound.paths";
    /** The cap on Retry-After. */
    public static final String RETRY_AFTER_MAX = "firebreak.inbound.retry-after-max";

    private static final Set<String> ROUTE_KEYS = Set.of("pattern", "guard", "max-criticality");

    /** Reads and checks the settings in {@code environment}. */
    public static InboundSettings from(Environment environment) {
        String header = CriticalityHeaderName.of(environment);
        Binder binder = Binder.get(environment);
        String maxText = environment.getProperty(RETRY_AFTER_MAX, "60s");
        Duration max;
        try {
            max = DurationStyle.detectAndParse(maxText.strip(), ChronoUnit.MILLIS);
        } catch (IllegalArgumentException bad) {
            throw new IllegalArgumentException(RETRY_AFTER_MAX + " = " + maxText + ": must be a duration such as 30s");
        }
        if (max.compareTo(Duration.ofSeconds(1)) < 0) {
            throw new IllegalArgumentException(RETRY_AFTER_MAX + " = " + maxText
                    + ": must be at least 1s (Retry-After counts whole seconds, at least 1)");
        }
        Bindable<List<Map<String, String>>> entries = Bindable.of(ResolvableType.forClassWithGenerics(List.class,
                ResolvableType.forClassWithGenerics(Map.class, String.class, String.class)));
        List<Map<String, String>> configured = binder.bind(PATHS, entries).orElse(List.of());
        List<InboundRoute> routes = new ArrayList<>();
        PathPatternParser parser = new PathPatternParser();
        for (int i = 0; i < configured.size(); i++) {
            routes.add(route(parser, PATHS + "[" + i + "]", configured.get(i)));
        }
        routes.sort((a, b) -> PathPattern.SPECIFICITY_COMPARATOR.compare(a.pattern(), b.pattern())); // stable: ties keep list order
        return new InboundSettings(header, max, List.copyOf(routes));
    }

    private static InboundRoute route(PathPatternParser parser, String prefix, Map<String, String> given) {
        Map<String, String> entry = new HashMap<>();
        for (Map.Entry<String, String> key : given.entrySet()) {
            String canonical = ROUTE_KEYS.stream().filter(k -> relaxed(k).equals(relaxed(key.getKey()))).findFirst()
                    .orElseThrow(() -> new IllegalArgumentException(prefix + "." + key.getKey() + " = '" + key.getValue()
                            + "': unknown key; an entry of " + PATHS + " takes pattern, guard and max-criticality"));
            entry.put(canonical, key.getValue());
        }
        String patternText = entry.get("pattern");
        if (patternText == null || patternText.isBlank()) {
            throw new IllegalArgumentException(prefix + ".pattern = '" + (patternText == null ? "" : patternText)
                    + "': must be a path pattern such as /api/**");
        }
        PathPattern pattern;
        try {
            pattern = parser.parse(patternText.strip());
        } catch (PatternParseException bad) {
            throw new IllegalArgumentException(prefix + ".pattern = '" + patternText + "': must be a path pattern in"
                    + " Spring's PathPattern syntax (" + bad.getMessage() + ")");
        }
        String guard = entry.get("guard");
        if (guard == null || guard.isBlank() || guard.strip().equals("default")) {
            throw new IllegalArgumentException(prefix + ".guard = '" + (guard == null ? "" : guard)
                    + "': must name a guard (configured under firebreak.command.<guard>.*), not blank nor 'default'");
        }
        String level = entry.getOrDefault("max-criticality", Criticality.DEFAULT.name());
        Criticality max = Criticality.parse(level).orElseThrow(() -> new IllegalArgumentException(prefix
                + ".max-criticality = '" + level + "': must be one of " + Arrays.toString(Criticality.values())));
        return new InboundRoute(pattern, guard.strip(), max);
    }

    /** A key as Spring's relaxed binding compares it: max-criticality, maxCriticality and max_criticality alike. */
    private static String relaxed(String key) {
        return key.replace("-", "").replace("_", "").toLowerCase(Locale.ROOT);
    }
}
