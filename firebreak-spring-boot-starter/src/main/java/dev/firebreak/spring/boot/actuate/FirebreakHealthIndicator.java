package dev.firebreak.spring.boot.actuate;

import dev.firebreak.Guard;
import dev.firebreak.GuardRegistry;
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
 */
public class FirebreakHealthIndicator implements HealthIndicator {

    /** The status reported while any breaker is not closed. */
    public static final Status CIRCUIT_OPEN = new Status("CIRCUIT_OPEN", "a circuit breaker is open: its calls get fallbacks");

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
        Health.Builder health = notClosed.isEmpty() ? Health.up() : Health.status(CIRCUIT_OPEN);
        return health.withDetail("guards", guards).withDetail("openCircuits", notClosed).build();
    }
}
