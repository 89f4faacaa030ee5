package dev.firebreak.spring.boot.actuate;

import dev.firebreak.Guard;
import dev.firebreak.GuardRegistry;
import dev.firebreak.live.DynamicConfiguration;
import dev.firebreak.live.SourceStatus;
import dev.firebreak.metrics.GuardMetricsSnapshot;
import dev.firebreak.spring.boot.GuardRegistryHolder;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.boot.health.contributor.Status;

/**
 * The {@code firebreak} health component: {@code UP} when every breaker is closed, else the custom
 * status {@code CIRCUIT_OPEN} with the open and half-open guards in its details.
 *
 * <p>Why not {@code DOWN}: an open breaker means a dependency is failing, and the service is doing its
 * job by answering with fallbacks. Reporting {@code DOWN} would let a load balancer or Kubernetes take
 * every instance out (or restart them) because of someone else's outage, which is the cascade the
 * breaker exists to stop. Spring Boot's default aggregation ranks an unknown status below {@code UP},
 * so the application stays {@code UP}, with HTTP 200, while {@code /actuator/health} shows which circuits
 * are open; an application that wants otherwise adds {@code CIRCUIT_OPEN} to
 * {@code management.endpoint.health.status.order} (and, for a 503, to
 * {@code management.endpoint.health.status.http-mapping}).
 *
 * <p>A configuration source that cannot be read (a store out of reach) keeps its last values in force; the
 * component then reports {@code CONFIGURATION_STALE} (unless a circuit is open, which wins) and, in the
 * detail {@code staleConfigurationSources}, each failing source with its failure, for how long it has
 * failed and the revision still in force. It ranks below {@code UP} as {@code CIRCUIT_OPEN} does.
 */
public class FirebreakHealthIndicator implements HealthIndicator {

    /** The status reported while any breaker is not closed. */
    public static final Status CIRCUIT_OPEN = new Status("CIRCUIT_OPEN", "a circuit breaker is open: its calls get fallbacks");

    /** The status reported while a configuration source fails (and no breaker is open). */
    public static final Status CONFIGURATION_STALE = new Status("CONFIGURATION_STALE",
            "a configuration source cannot be read: its last values stay in force");

    private final GuardRegistry registry; // null: the holder's, if it exists
    private final GuardRegistryHolder holder;

    /** Reports the breakers of {@code registry}. */
    public FirebreakHealthIndicator(GuardRegistry registry) {
        this.registry = Objects.requireNonNull(registry, "registry");
        this.holder = null;
    }

    /**
     * Reports the breakers of {@code holder}'s registry once it exists, without creating it: before, there
     * is no guard, and the component is {@code UP}.
     */
    public FirebreakHealthIndicator(GuardRegistryHolder holder) {
        this.registry = null;
        this.holder = Objects.requireNonNull(holder, "holder");
    }

    @Override
    public Health health() {
        Map<String, Object> notClosed = new TreeMap<>();
        int guards = 0;
        GuardRegistry reported = registry != null ? registry : holder.ifCreated().orElse(null);
        for (Guard guard : reported == null ? List.<Guard>of() : reported.guards()) {
            guards++;
            GuardMetricsSnapshot snapshot = guard.controls().metrics().snapshot();
            if (snapshot.circuitOpen()) { // METRICS_ONLY short-circuits nothing, whatever state it reports
                String state = snapshot.circuitState().name();
                notClosed.put(guard.name(), snapshot.circuitForced() ? state + " (" + snapshot.circuitMode() + ")" : state);
            }
        }
        Map<String, Object> stale = staleSources(reported);
        Health.Builder health = !notClosed.isEmpty() ? Health.status(CIRCUIT_OPEN)
                : !stale.isEmpty() ? Health.status(CONFIGURATION_STALE) : Health.up();
        health.withDetail("guards", guards).withDetail("openCircuits", notClosed);
        return (stale.isEmpty() ? health : health.withDetail("staleConfigurationSources", stale)).build();
    }

    private static Map<String, Object> staleSources(GuardRegistry reported) {
        Map<String, Object> stale = new TreeMap<>();
        if (reported != null && reported.configResolver() instanceof DynamicConfiguration configuration) {
            for (SourceStatus source : configuration.sources()) {
                if (source.failing()) {
                    Map<String, Object> one = new TreeMap<>();
                    one.put("failure", source.failure());
                    one.put("failingForMillis", source.failingFor().toMillis());
                    one.put("revisionInForce", source.revision() == null ? "none" : source.revision());
                    stale.put(source.name(), one);
                }
            }
        }
        return stale;
    }
}
