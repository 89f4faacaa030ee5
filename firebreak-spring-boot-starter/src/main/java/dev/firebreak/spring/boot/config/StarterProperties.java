package dev.firebreak.spring.boot.config;

import java.util.List;
import java.util.Objects;

/**
 * The starter's own keys, those outside the core's scopes: the one place their types, defaults and
 * descriptions are written. The IDE metadata ({@link SpringMetadata}) is generated from this table and
 * the core's property tables; a test fails when a key the starter reads is in neither.
 */
final class StarterProperties {

    /** The key naming a guard's base configuration: {@code firebreak.command.<guard>.baseConfig}. */
    static final String BASE_CONFIG = "baseConfig";

    /** The prefix of the named base configurations: {@code firebreak.configs.<name>.<property>}. */
    static final String CONFIGS = "firebreak.configs";

    private static final String BOOLEAN = "java.lang.Boolean";
    private static final String DURATION = "java.time.Duration";
    private static final String STRING_LIST = "java.util.List<java.lang.String>";
    private static final String STRING_MAP = "java.util.Map<java.lang.String,java.lang.String>";

    static final List<Row> ROWS = List.of(
            new Row(EnvironmentConfigurationBinder.GUARDS, "java.util.List<java.lang.String>", null,
                    "Guards to create at startup, each configured from firebreak.command.<name>.*, so they are on the"
                            + " endpoints, the stream and the meters before a first call. 'default' is reserved."),
            new Row(EnvironmentConfigurationBinder.POLL_INTERVAL, DURATION, "1s",
                    "How often the Environment is read for changed firebreak.* and hystrix.* keys once the"
                            + " application has started; 0 turns the poll off."),
            new Row(CONFIGS, STRING_MAP, null,
                    "Named base configurations: firebreak.configs.<name>.<property> takes any property of"
                            + " firebreak.command.default.*. A guard extends one with firebreak.command.<guard>."
                            + BASE_CONFIG + ": <name>; its own keys win over its base, its base over the default"
                            + " section."),
            new Row("firebreak.context-propagation.enabled", BOOLEAN, Boolean.TRUE,
                    "Whether calls carry the caller's thread-bound context (MDC, tracing, security) through"
                            + " Micrometer's context-propagation library."),
            new Row("firebreak.tracing.enabled", BOOLEAN, Boolean.TRUE,
                    "Whether every guarded call is a Micrometer Observation (a span, with Boot's Micrometer"
                            + " Tracing) when the application has an ObservationRegistry."),
            new Row("firebreak.metrics.enabled", BOOLEAN, Boolean.TRUE,
                    "Whether every guard, thread pool and collapser is published as Micrometer meters."),
            new Row("firebreak.metrics.detail", "java.util.List<dev.firebreak.metrics.MetricDetail>", null,
                    "Opt-in meters beyond the default (at most 40 series a guard): PERCENTILE_HISTOGRAM,"
                            + " EXECUTION_TIMER, ROLLING_WINDOW, BREAKER_MODE, LIMIT_ALGORITHM; see"
                            + " docs/observability.md for what each costs."),
            new Row("firebreak.annotations.enabled", BOOLEAN, null,
                    "Support of @Guarded methods: false turns it off; true turns it on whatever the bean"
                            + " definitions say (for beans registered late); unset, it is on when some bean may"
                            + " carry @Guarded."),
            new Row("firebreak.stream.enabled", BOOLEAN, Boolean.TRUE,
                    "Whether /actuator/hystrix.stream is served in a web application."),
            new Row("firebreak.stream.interval", DURATION, "500ms",
                    "The default interval between the stream's frames, when a client gives no delay."),
            new Row("firebreak.stream.max-connections", "java.lang.Integer", 5,
                    "Stream connections at once; one more is answered 503."),
            new Row("firebreak.stream.allowed-origins", STRING_LIST, null,
                    "Origins (scheme://host[:port], or * for any) whose pages may read the streams (hystrix.stream,"
                            + " the events stream, turbine.stream), never with credentials. Unset, Boot's"
                            + " management.endpoints.web.cors.* apply; with neither, same origin only."),
            new Row("firebreak.dashboard.enabled", BOOLEAN, Boolean.TRUE,
                    "Whether the dashboard page is served at /actuator/firebreak-dashboard/ while the stream is."),
            new Row("firebreak.aggregate.enabled", BOOLEAN, Boolean.FALSE,
                    "Whether /turbine.stream is served: the instances' streams merged as Turbine merged them."),
            new Row("firebreak.aggregate.instances", STRING_LIST, null,
                    "Stream URLs the aggregate always reads, such as http://10.0.0.5:8080/actuator/hystrix.stream."),
            new Row("firebreak.aggregate.service-ids", STRING_LIST, null,
                    "Services whose instances Spring Cloud's DiscoveryClient lists (Eureka, Consul, Kubernetes,"
                            + " simple) are aggregated; an instance's management.port metadata is its stream's port."),
            new Row("firebreak.aggregate.stream-path", "java.lang.String", "/actuator/hystrix.stream",
                    "The path of a discovered instance's stream, unless its firebreak-stream-path metadata says."),
            new Row("firebreak.aggregate.refresh-interval", DURATION, "30s",
                    "How often the discovered instances are read again (also at each discovery heartbeat)."),
            new Row("firebreak.aggregate.max-connections", "java.lang.Integer", 5,
                    "Connections to /turbine.stream at once; one more is answered 503."),
            new Row("firebreak.events.enabled", BOOLEAN, Boolean.TRUE,
                    "Whether recent events are kept for /actuator/firebreak/events and its stream."),
            new Row("firebreak.events.capacity", "java.lang.Integer", 100,
                    "The events of each kind kept per guard or policy for /actuator/firebreak/events."),
            new Row("firebreak.events.stream.max-connections", "java.lang.Integer", 5,
                    "Connections to /actuator/firebreak/events/stream at once; one more is refused."),
            new Row("firebreak.chaos.enabled", BOOLEAN, Boolean.FALSE,
                    "Whether the starter's registry allows fault injection: unless true, the guards'"
                            + " firebreak.command.<name>.chaos.* keys change nothing."),
            new Row("firebreak.chaos.headers", STRING_LIST, null,
                    "Request headers whose values tag a request (its request context's chaos tags), for guards"
                            + " whose chaos.tags names one of them; only while firebreak.chaos.enabled is true."),
            new Row("firebreak.inbound.enabled", BOOLEAN, Boolean.FALSE,
                    "Whether the service's own endpoints are guarded (a Servlet filter or a WebFlux WebFilter):"
                            + " the paths of firebreak.inbound.paths run under their guards and the criticality header"
                            + " is read."),
            new Row("firebreak.inbound.paths", "java.util.List<java.util.Map<java.lang.String,java.lang.String>>", null,
                    "Guarded paths, each with pattern (Spring's PathPattern syntax, such as /api/**), guard (a guard"
                            + " configured under firebreak.command.<guard>.*) and max-criticality (the highest level"
                            + " a caller may claim there, default CRITICAL); the most specific pattern wins."),
            new Row("firebreak.inbound.retry-after-max", DURATION, "60s",
                    "The most a refusal's Retry-After header says (at least 1s)."),
            new Row("firebreak.criticality.header", "java.lang.String", "X-Firebreak-Criticality",
                    "The HTTP header that carries a request's criticality between services."),
            new Row("firebreak.criticality.propagate", BOOLEAN, Boolean.TRUE,
                    "Whether RestClient, RestTemplate and WebClient built from Boot's builders send the caller's"
                            + " criticality in the criticality header."));

    private StarterProperties() {
    }

    /**
     * One key of the starter's.
     *
     * @param key the full key
     * @param type the Java type the IDE offers, as Spring's metadata names it
     * @param defaultValue the default (a Boolean, an Integer or text), or null when there is none
     * @param description what it does, in a sentence or two
     */
    record Row(String key, String type, Object defaultValue, String description) {
        Row {
            Objects.requireNonNull(key, "key");
            Objects.requireNonNull(type, "type");
            Objects.requireNonNull(description, "description");
        }
    }
}
