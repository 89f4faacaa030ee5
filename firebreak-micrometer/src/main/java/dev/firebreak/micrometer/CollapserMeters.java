package dev.firebreak.micrometer;

import dev.firebreak.collapse.Collapser;
import dev.firebreak.collapse.CollapserMetricsSnapshot;
import dev.firebreak.event.EventType;
import dev.firebreak.time.Ticker;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import java.util.Locale;
import java.util.function.ToDoubleFunction;

/**
 * The meters of one collapser, tagged {@code name} and {@code guard} (the guard its batches go
 * through): batches, requests batched and requests completed (FunctionCounters over the cumulative
 * totals), requests by outcome event ({@code firebreak.collapser.events{event}}); batch-size percentiles and mean over the rolling window, batches in flight (gauges).
 */
final class CollapserMeters {

    private final Collapser<?, ?> collapser;
    private final MeterSet meters;

    CollapserMeters(Collapser<?, ?> collapser, MeterRegistry registry, Ticker ticker, long snapshotMaxAgeNanos) {
        this.collapser = collapser;
        this.meters = new MeterSet(registry);
        Memo<CollapserMetricsSnapshot> snapshot = new Memo<>(collapser::snapshot, ticker, snapshotMaxAgeNanos);
        Tags tags = Tags.of("name", collapser.name(), "guard", collapser.guard().name());
        counter(registry, snapshot, "firebreak.collapser.batches", tags, "batches", "Batches dispatched",
                CollapserMetricsSnapshot::cumulativeBatches);
        counter(registry, snapshot, "firebreak.collapser.requests.batched", tags, "requests", "Requests sent in batches",
                CollapserMetricsSnapshot::cumulativeRequestsBatched);
        counter(registry, snapshot, "firebreak.collapser.requests", tags, "requests", "Requests completed, by any outcome",
                CollapserMetricsSnapshot::cumulativeRequests);
        for (EventType type : EventType.values()) {
            if (type.kind() == EventType.Kind.POLICY) {
                continue; // a call policy's decisions: see CallPolicyMeters
            }
            meters.add(FunctionCounter.builder("firebreak.collapser.events", collapser,
                            c -> c.metrics().cumulativeCount(type))
                    .tags(tags).tag("event", type.name().toLowerCase(Locale.ROOT))
                    .description("Requests of the collapser by the events of their outcome").register(registry));
        }
        for (String percentile : snapshot.get().batchSize().keySet()) {
            gauge(registry, snapshot, "firebreak.collapser.batch.size", tags.and("percentile", percentile),
                    s -> s.batchSize().getOrDefault(percentile, 0));
        }
        gauge(registry, snapshot, "firebreak.collapser.batch.size.mean", tags, CollapserMetricsSnapshot::batchSizeMean);
        gauge(registry, snapshot, "firebreak.collapser.batches.in.flight", tags, CollapserMetricsSnapshot::batchesInFlight);
    }

    Collapser<?, ?> collapser() {
        return collapser;
    }

    void remove() {
        meters.removeAll();
    }

    private void counter(MeterRegistry registry, Memo<CollapserMetricsSnapshot> snapshot, String name, Tags tags,
                         String unit, String description, ToDoubleFunction<CollapserMetricsSnapshot> read) {
        meters.add(FunctionCounter.builder(name, snapshot, m -> read.applyAsDouble(m.get()))
                .tags(tags).baseUnit(unit).description(description).register(registry));
    }

    private void gauge(MeterRegistry registry, Memo<CollapserMetricsSnapshot> snapshot, String name, Tags tags,
                       ToDoubleFunction<CollapserMetricsSnapshot> read) {
        meters.add(Gauge.builder(name, snapshot, m -> read.applyAsDouble(m.get()))
                .tags(tags).strongReference(true).register(registry));
    }
}
