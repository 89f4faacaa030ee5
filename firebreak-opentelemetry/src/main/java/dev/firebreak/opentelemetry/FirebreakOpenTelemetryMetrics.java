package dev.firebreak.opentelemetry;

import dev.firebreak.GuardRegistry;
import dev.firebreak.metrics.MetricDetail;
import dev.firebreak.metrics.MetricVocabulary;
import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.metrics.Meter;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.EnumSet;
import java.util.Objects;
import java.util.Set;

/**
 * Publishes every guard, thread pool, collapser, retry and hedging policy of a {@link GuardRegistry}
 * as OpenTelemetry metrics, in Firebreak's metric vocabulary ({@link MetricVocabulary}, the table in
 * {@code docs/observability.md}): the same names, units, descriptions and attributes as the Micrometer
 * binder's, so Prometheus sees the same series either way.
 *
 * <pre>{@code
 * FirebreakOpenTelemetryMetrics metrics = FirebreakOpenTelemetryMetrics.bind(guardRegistry, openTelemetry);
 * ...
 * metrics.close(); // the callbacks and listeners leave
 * }</pre>
 *
 * <p>Counts and gauges are asynchronous instruments whose callbacks read the core's cumulative counts
 * and the registries' current guards, pools, collapsers and policies at each collection: no per-call
 * cost, and a guard or policy built later is published (one removed is not) with nothing to follow.
 * Only {@code firebreak.call.duration} (a histogram with the vocabulary's explicit bucket advice, fed by
 * one registry-wide guard listener) and {@code firebreak.collapser.batch.size} record as things happen.
 *
 * <p>The opt-in figures of {@link MetricDetail} are available here too, except
 * {@link MetricDetail#PERCENTILE_HISTOGRAM}: with OpenTelemetry, choose the aggregation with an SDK
 * view (a base-2 exponential histogram, for example) instead.
 */
public final class FirebreakOpenTelemetryMetrics implements AutoCloseable {

    /** The instrumentation scope name of the meter taken from an {@link OpenTelemetry}. */
    public static final String SCOPE = "dev.firebreak";

    private final Set<MetricDetail> details;
    private final Instruments instruments;
    private final GuardInstruments guards;
    private final CollapserInstruments collapsers;
    private boolean closed; // guarded by this

    private FirebreakOpenTelemetryMetrics(GuardRegistry registry, Meter meter, Set<MetricDetail> details) {
        this.details = details;
        this.instruments = new Instruments(meter);
        this.guards = new GuardInstruments(registry, instruments, details);
        PolicyInstruments.register(registry, instruments);
        PoolInstruments.register(registry, instruments, details);
        this.collapsers = new CollapserInstruments(registry, instruments);
    }

    /** Binds {@code registry}'s default figures to {@code openTelemetry}'s meter {@value #SCOPE}. */
    public static FirebreakOpenTelemetryMetrics bind(GuardRegistry registry, OpenTelemetry openTelemetry) {
        return builder(registry).bind(openTelemetry);
    }

    /** A builder for {@code registry}, to ask for opt-in figures. */
    public static Builder builder(GuardRegistry registry) {
        return new Builder(Objects.requireNonNull(registry, "registry"));
    }

    /** The opt-in figures published besides the default ones. */
    public Set<MetricDetail> details() {
        return details;
    }

    /** Stops publishing: the asynchronous instruments' callbacks and the listeners leave. Idempotent. */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        guards.close();
        collapsers.close();
        instruments.close();
    }

    /** Builds a binder with opt-in figures. */
    public static final class Builder {

        private final GuardRegistry registry;
        private final Set<MetricDetail> details = EnumSet.noneOf(MetricDetail.class);

        private Builder(GuardRegistry registry) {
            this.registry = registry;
        }

        /** Adds opt-in figures; {@link MetricDetail#PERCENTILE_HISTOGRAM} is refused (see the class comment). */
        public Builder detail(MetricDetail... more) {
            return detail(Arrays.asList(more));
        }

        /** Adds opt-in figures. */
        public Builder detail(Collection<MetricDetail> more) {
            for (MetricDetail detail : more) {
                if (Objects.requireNonNull(detail, "detail") == MetricDetail.PERCENTILE_HISTOGRAM) {
                    throw new IllegalArgumentException("detail PERCENTILE_HISTOGRAM: OpenTelemetry chooses a histogram's"
                            + " buckets with an SDK view (e.g. a base-2 exponential histogram), not with this binder");
                }
                details.add(detail);
            }
            return this;
        }

        /** Binds to {@code openTelemetry}'s meter {@value FirebreakOpenTelemetryMetrics#SCOPE}. */
        public FirebreakOpenTelemetryMetrics bind(OpenTelemetry openTelemetry) {
            return bind(Objects.requireNonNull(openTelemetry, "openTelemetry").getMeter(SCOPE));
        }

        /** Binds to {@code meter}. */
        public FirebreakOpenTelemetryMetrics bind(Meter meter) {
            return new FirebreakOpenTelemetryMetrics(registry, Objects.requireNonNull(meter, "meter"),
                    details.isEmpty() ? Set.of() : Collections.unmodifiableSet(EnumSet.copyOf(details)));
        }
    }
}
