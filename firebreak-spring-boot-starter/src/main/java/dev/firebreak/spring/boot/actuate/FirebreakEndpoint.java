package dev.firebreak.spring.boot.actuate;

import dev.firebreak.Guard;
import dev.firebreak.GuardConfig;
import dev.firebreak.GuardControls;
import dev.firebreak.GuardRegistry;
import dev.firebreak.collapse.Collapser;
import dev.firebreak.collapse.CollapserConfig;
import dev.firebreak.collapse.CollapserRegistry;
import dev.firebreak.config.ConfigScope;
import dev.firebreak.config.PropertyDefinition;
import dev.firebreak.live.DynamicConfiguration;
import dev.firebreak.live.MapPropertySource;
import dev.firebreak.live.EffectiveProperty;
import dev.firebreak.live.SourceStatus;
import dev.firebreak.event.EventType;
import dev.firebreak.isolation.GuardThreadPool;
import dev.firebreak.isolation.ThreadPoolConfig;
import dev.firebreak.metrics.GuardMetricsSnapshot;
import java.time.Duration;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.actuate.endpoint.Access;
import org.springframework.boot.actuate.endpoint.SecurityContext;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.actuate.endpoint.annotation.ReadOperation;
import org.springframework.boot.actuate.endpoint.annotation.Selector;
import org.springframework.boot.actuate.endpoint.annotation.WriteOperation;
import org.springframework.boot.actuate.endpoint.web.WebEndpointResponse;

/**
 * {@code /actuator/firebreak}: every guard (its group, pool, isolation, circuit state, rolling counts and
 * each property in force with the layer and key it came from), every thread pool, every collapser and
 * every retry and hedging policy of the application's registry; {@code /actuator/firebreak/{name}}
 * shows one guard.
 *
 * <p>{@code /actuator/firebreak/events} shows the recent events of {@link FirebreakEvents} (breaker
 * transitions, rate-limiter refusals, adaptive-limit changes, calls that did not simply succeed, retries,
 * hedges), oldest first, filtered by the query parameters {@code policy} (a guard's or a policy's name)
 * and {@code kind} (a {@link PolicyEvent.Kind}); so a guard named {@code events} is shown in the list only.
 *
 * <p>{@code POST /actuator/firebreak/{name}} with {@code {"breaker": "forceOpen"}} (or {@code forceClosed},
 * {@code disable}, {@code metricsOnly}, {@code reset}, {@code automatic}) changes that guard's breaker on
 * this instance, and leaves an audit record in the log and the event feed. The endpoint's default access
 * is read-only, so this write operation is off until {@code management.endpoint.firebreak.access} is
 * {@code unrestricted}; Spring Security's rules for actuator endpoints then apply to it as to any other.
 */
@Endpoint(id = "firebreak", defaultAccess = Access.READ_ONLY)
public class FirebreakEndpoint {

    private final Supplier<GuardRegistry> registries;
    private final Supplier<DynamicConfiguration> configurations;
    private final Supplier<FirebreakEvents> events;
    private final Supplier<MapPropertySource> overrides;

    /** The endpoint over {@code registry} and its live {@code configuration}. */
    public FirebreakEndpoint(GuardRegistry registry, DynamicConfiguration configuration) {
        this(fixed(Objects.requireNonNull(registry, "registry")), fixed(Objects.requireNonNull(configuration, "configuration")));
    }

    /**
     * The endpoint over the registry and the live configuration the suppliers give at each read (the
     * starter's are made at their first use: a read of the endpoint may be that use).
     */
    public FirebreakEndpoint(Supplier<GuardRegistry> registry, Supplier<DynamicConfiguration> configuration) {
        this(registry, configuration, () -> null);
    }

    /**
     * As {@link #FirebreakEndpoint(Supplier, Supplier)}, with the recent events {@code events} gives
     * (null: no feed, {@code /actuator/firebreak/events} answers 404).
     */
    public FirebreakEndpoint(Supplier<GuardRegistry> registry, Supplier<DynamicConfiguration> configuration,
            Supplier<FirebreakEvents> events) {
        this(registry, configuration, events, () -> null);
    }

    /**
     * As {@link #FirebreakEndpoint(Supplier, Supplier, Supplier)}, with this instance's property overrides
     * {@code overrides} gives (a source of the live configuration, stronger than the others; null: the
     * write operation's {@code property} answers 409).
     */
    public FirebreakEndpoint(Supplier<GuardRegistry> registry, Supplier<DynamicConfiguration> configuration,
            Supplier<FirebreakEvents> events, Supplier<MapPropertySource> overrides) {
        this.registries = Objects.requireNonNull(registry, "registry");
        this.configurations = Objects.requireNonNull(configuration, "configuration");
        this.events = Objects.requireNonNull(events, "events");
        this.overrides = Objects.requireNonNull(overrides, "overrides");
    }

    private static <T> Supplier<T> fixed(T value) {
        return () -> value;
    }

    /** Every guard, pool, collapser, retry and hedging policy, by name. */
    @ReadOperation
    public Map<String, Object> firebreak() {
        GuardRegistry registry = registries.get();
        DynamicConfiguration configuration = configurations.get();
        Map<String, Object> guards = new LinkedHashMap<>();
        registry.guards().stream().sorted(Comparator.comparing(Guard::name))
                .forEach(guard -> guards.put(guard.name(), guard(guard, configuration)));
        Map<String, Object> pools = new LinkedHashMap<>();
        registry.pools().stream().sorted(Comparator.comparing(GuardThreadPool::name))
                .forEach(pool -> pools.put(pool.name(), pool(pool, configuration)));
        Map<String, Object> collapsers = new LinkedHashMap<>();
        CollapserRegistry.of(registry).collapsers().stream().sorted(Comparator.comparing(Collapser::name))
                .forEach(collapser -> collapsers.put(collapser.name(), collapser(collapser, configuration)));
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("guards", guards);
        body.put("threadPools", pools);
        body.put("collapsers", collapsers);
        body.put("retries", CallPolicyViews.retries(registry, configuration));
        body.put("hedges", CallPolicyViews.hedges(registry, configuration));
        body.put("configurationSources", ConfigurationSources.view(configuration));
        return body;
    }

    /**
     * An operator's change to the guard {@code name}: with {@code breaker}, a transition of its circuit
     * breaker (forceOpen, forceClosed, disable, metricsOnly, reset or automatic, any case), answering the
     * mode before and after and the state now; with {@code property} (a live property of
     * {@code firebreak.command.<name>.*}), this instance's override of it to {@code value} (none or empty:
     * the override removed), answering the value before and after. 400 for an unknown operation, property
     * or a refused value (naming the rule), 404 for an unknown guard.
     */
    @WriteOperation
    public WebEndpointResponse<Map<String, Object>> operate(@Selector String name, @Nullable String breaker,
            @Nullable String property, @Nullable String value, SecurityContext security) {
        if (breaker == null && property != null) {
            return PropertyOperations.apply(registries.get(), configurations.get(), overrides.get(), events.get(), name,
                    property, value, security.getPrincipal());
        }
        return BreakerOperations.apply(registries.get(), events.get(), name, breaker, security.getPrincipal());
    }

    /**
     * One guard, or nothing (404) if the registry has none of that name; for {@code events}, the recent
     * events of the guard or policy {@code policy} (all when absent) of kind {@code kind} (all when absent).
     */
    @ReadOperation
    public Object guard(@Selector String name, @Nullable String policy, @Nullable String kind) {
        if (EVENTS.equals(name)) {
            return events(policy, kind);
        }
        DynamicConfiguration configuration = configurations.get();
        return registries.get().find(name).map(guard -> guard(guard, configuration)).orElse(null);
    }

    /** The selector that reads the events rather than a guard. */
    static final String EVENTS = "events";

    private Object events(String policy, String kind) {
        FirebreakEvents feed = events.get();
        if (feed == null) {
            return null;
        }
        PolicyEvent.Kind wanted;
        try {
            wanted = kind == null || kind.isBlank() ? null : PolicyEvent.Kind.parse(kind);
        } catch (IllegalArgumentException bad) { // 400, saying why whatever the application's error settings
            return new WebEndpointResponse<>(Map.of("error", bad.getMessage()), WebEndpointResponse.STATUS_BAD_REQUEST);
        }
        List<Map<String, Object>> shown = feed.events(policy == null || policy.isBlank() ? null : policy, wanted)
                .stream().map(PolicyEvent::view).toList();
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("capacityPerPolicy", feed.capacity());
        body.put("events", shown);
        return body;
    }

    private static Map<String, Object> guard(Guard guard, DynamicConfiguration configuration) {
        GuardControls policy = guard.controls();
        GuardMetricsSnapshot metrics = policy.metrics().snapshot();
        Map<String, Object> view = new LinkedHashMap<>();
        view.put("group", policy.groupName());
        view.put("threadPool", policy.threadPool() == null ? null : policy.poolName());
        view.put("isolation", policy.isolationStrategy().name());
        view.put("circuit", metrics.circuitState().name());
        view.put("circuitMode", metrics.circuitMode().name()); // a forced state reads as forced, never as a plain OPEN
        view.put("concurrentExecutions", metrics.concurrentExecutions());
        Map<String, Object> rolling = new LinkedHashMap<>();
        rolling.put("requests", metrics.health().requestCount());
        rolling.put("errors", metrics.health().errorCount());
        rolling.put("errorPercentage", metrics.health().errorPercentage());
        for (EventType type : EventType.values()) {
            long count = metrics.rolling().get(type);
            if (count > 0) {
                rolling.put(type.name(), count);
            }
        }
        view.put("rolling", rolling);
        view.put("properties", properties(configuration.properties(guard), GuardConfig.scope(), configuration.sources()));
        return view;
    }

    private static Map<String, Object> pool(GuardThreadPool pool, DynamicConfiguration configuration) {
        Map<String, Object> view = new LinkedHashMap<>();
        view.put("activeCount", pool.activeCount());
        view.put("queueSize", pool.queueSize());
        view.put("poolSize", pool.poolSize());
        view.put("completedTaskCount", pool.completedTaskCount());
        view.put("properties", properties(configuration.properties(pool), ThreadPoolConfig.scope(), configuration.sources()));
        return view;
    }

    private static Map<String, Object> collapser(Collapser<?, ?> collapser, DynamicConfiguration configuration) {
        Map<String, Object> view = new LinkedHashMap<>();
        view.put("guard", collapser.guard().name());
        view.put("scope", collapser.scope().name());
        view.put("batchesInFlight", collapser.snapshot().batchesInFlight());
        view.put("properties", configuration.collapserProperties(collapser.name()).map(list -> properties(list, CollapserConfig.scope(), configuration.sources()))
                .orElse(Map.of()));
        return view;
    }

    /**
     * Each property's value as its key spells it (a timeout's {@code Duration} as Hystrix's milliseconds), level
     * and origin, and the source and revision that gave it.
     */
    static Map<String, Object> properties(List<EffectiveProperty> properties, ConfigScope<?, ?> scope,
            List<SourceStatus> sources) {
        Map<String, Object> view = new LinkedHashMap<>();
        for (EffectiveProperty property : properties) {
            Map<String, Object> one = new LinkedHashMap<>();
            one.put("value", shown(property, scope));
            one.put("level", property.level().name());
            one.put("origin", property.origin());
            ConfigurationSources.annotate(one, property.origin(), sources);
            view.put(property.key(), one);
        }
        return view;
    }

    private static Object shown(EffectiveProperty property, ConfigScope<?, ?> scope) {
        Object value = property.value();
        if (value instanceof Enum<?> e) {
            return e.name();
        }
        PropertyDefinition<?, ?> definition = scope.property(property.key());
        if (value instanceof Duration && definition != null) {
            return Long.parseLong(property.text(definition)); // the key's unit: milliseconds or minutes
        }
        return value;
    }
}
