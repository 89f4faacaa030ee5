package dev.firebreak.spring.boot.actuate;

import dev.firebreak.Guard;
import dev.firebreak.GuardConfig;
import dev.firebreak.GuardRegistry;
import dev.firebreak.config.PropertyDefinition;
import dev.firebreak.live.ConfigEvent;
import dev.firebreak.live.ConfigListener;
import dev.firebreak.live.DynamicConfiguration;
import dev.firebreak.live.MapPropertySource;
import java.security.Principal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.actuate.endpoint.web.WebEndpointResponse;

/**
 * The endpoint's write operation on one guard's live properties ({@code POST /actuator/firebreak/{name}}
 * with {@code {"property": "execution.isolation.semaphore.maxConcurrentRequests", "value": "20"}}): this
 * instance's override of {@code firebreak.command.<name>.<property>}, stronger than the Environment and any
 * store, checked as every value is; no value (or an empty one) removes the override. Each change is an
 * audit record, logged and kept in the event feed: the property, the value before and after, the origin,
 * who and when.
 */
final class PropertyOperations {

    private static final System.Logger LOG = System.getLogger(PropertyOperations.class.getName());

    private PropertyOperations() {
    }

    /**
     * Sets or clears the override: 200 with the guard, the property and its value before and after; 400
     * naming the property, the value and the rule for an unknown or fixed property or a refused value; 404
     * for an unknown guard; 409 when this registry's live configuration has no actuator layer.
     */
    static WebEndpointResponse<Map<String, Object>> apply(GuardRegistry registry, DynamicConfiguration configuration,
            @Nullable MapPropertySource overrides, @Nullable FirebreakEvents events, String name, String property,
            @Nullable String value, @Nullable Principal principal) {
        Optional<PropertyDefinition<GuardConfig, GuardConfig.Builder>> definition = GuardConfig.scope().properties()
                .stream().filter(p -> p.name().equals(property)).findFirst();
        if (definition.isEmpty()) {
            return answer(400, Map.of("error", "property = " + property + ": not a guard property (rule: a property of"
                    + " firebreak.command.<guard>.*, as docs/configuration.md lists them)"));
        }
        if (!definition.get().live()) {
            return answer(400, Map.of("error", "property = " + property + ": fixed once a guard is created (rule: the"
                    + " actuator changes live properties only)"));
        }
        Optional<Guard> guard = registry.find(name);
        if (guard.isEmpty()) {
            return answer(404, Map.of("error", "no guard named '" + name + "'"));
        }
        if (overrides == null) {
            return answer(409, Map.of("error", "this registry's live configuration has no actuator layer"));
        }
        String key = "firebreak.command." + name + "." + property;
        PropertyDefinition<?, ?> row = definition.get();
        String before = effective(configuration, guard.get(), row);
        String previousOverride = overrides.read().get(key);
        List<ConfigEvent> refusals = new ArrayList<>();
        ConfigListener watch = event -> {
            if (event.kind() == ConfigEvent.Kind.REFUSED && key.equals(event.key())) {
                refusals.add(event);
            }
        };
        boolean clear = value == null || value.isBlank();
        configuration.addListener(watch);
        try { // the override source applies a change on this thread before it returns
            if (clear) {
                overrides.remove(key);
            } else {
                overrides.set(key, value.strip());
            }
        } finally {
            configuration.removeListener(watch);
        }
        String after = effective(configuration, guard.get(), row);
        if (!refusals.isEmpty()) {
            restore(overrides, key, previousOverride);
            return answer(400, Map.of("error", refusals.get(0).message()));
        }
        if (!clear && !isInForce(configuration, guard.get(), row, key, value.strip())) {
            restore(overrides, key, previousOverride);
            return answer(409, Map.of("error", key + " = " + value + " was not applied: this registry's live"
                    + " configuration is the application's own, without the actuator layer"));
        }
        Map<String, Object> record = new LinkedHashMap<>();
        record.put("guard", name);
        record.put("action", clear ? "clearOverride" : "override");
        record.put("property", property);
        record.put("from", before);
        record.put("to", after);
        record.put("origin", "actuator");
        record.put("principal", principal == null ? "anonymous" : principal.getName());
        LOG.log(System.Logger.Level.INFO, "firebreak: guard '" + name + "': " + property + " " + before + " -> " + after
                + (clear ? " (override cleared)" : " (override)") + " by " + record.get("principal") + " through the actuator");
        if (events != null) {
            events.recordOperation(name, record);
        }
        return answer(200, record);
    }

    /* Whether the value in force is the one asked for: the override is in the live configuration's sources. */
    private static boolean isInForce(DynamicConfiguration configuration, Guard guard, PropertyDefinition<?, ?> row,
            String key, String asked) {
        try {
            Object wanted = row.parse(key, asked);
            return configuration.properties(guard).stream().anyMatch(p -> p.key().equals(row.name())
                    && p.value().equals(wanted));
        } catch (RuntimeException refused) {
            return false;
        }
    }

    /* The value in force, spelled as its key is (a duration in the key's unit). */
    private static String effective(DynamicConfiguration configuration, Guard guard, PropertyDefinition<?, ?> row) {
        return configuration.properties(guard).stream().filter(p -> p.key().equals(row.name())).findFirst()
                .map(p -> p.text(row)).orElse("");
    }

    private static void restore(MapPropertySource overrides, String key, @Nullable String previous) {
        if (previous == null) {
            overrides.remove(key);
        } else {
            overrides.set(key, previous);
        }
    }

    private static WebEndpointResponse<Map<String, Object>> answer(int status, Map<String, Object> body) {
        return new WebEndpointResponse<>(body, status);
    }
}
