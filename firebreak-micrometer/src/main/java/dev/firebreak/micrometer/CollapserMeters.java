package dev.firebreak.micrometer;

import static dev.firebreak.metrics.MetricVocabulary.COLLAPSER;

import dev.firebreak.collapse.Collapser;
import dev.firebreak.metrics.MetricVocabulary;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import java.util.function.IntConsumer;

/**
 * The meters of one collapser, tagged {@code collapser}: {@code firebreak.collapser.batch.size} (a
 * DistributionSummary fed by the collapser's batch-size listener, with the vocabulary's buckets),
 * {@code firebreak.collapser.requests} (a FunctionCounter) and {@code firebreak.collapser.batches.active}.
 * The batch's guard counts the batches as calls; each request's outcome is its caller's.
 */
final class CollapserMeters {

    private final Collapser<?, ?> collapser;
    private final MeterSet meters;
    private final IntConsumer sizes;

    CollapserMeters(Collapser<?, ?> collapser, MeterRegistry registry) {
        this.collapser = collapser;
        this.meters = new MeterSet(registry);
        Tags tags = Tags.of(COLLAPSER, collapser.name());
        DistributionSummary batchSize = meters.add(DistributionSummary.builder(MetricVocabulary.COLLAPSER_BATCH_SIZE.name())
                .tags(tags).description(MetricVocabulary.COLLAPSER_BATCH_SIZE.description())
                .serviceLevelObjectives(MetricVocabulary.BATCH_SIZE_BUCKETS.stream().mapToDouble(Double::doubleValue).toArray())
                .register(registry));
        sizes = batchSize::record;
        collapser.metrics().addBatchSizeListener(sizes);
        meters.add(Specs.counter(MetricVocabulary.COLLAPSER_REQUESTS, tags, collapser, c -> c.metrics().cumulativeRequests())
                .register(registry));
        meters.add(Specs.gauge(MetricVocabulary.COLLAPSER_BATCHES_ACTIVE, tags, collapser, c -> c.metrics().batchesInFlight())
                .register(registry));
    }

    Collapser<?, ?> collapser() {
        return collapser;
    }

    void remove() {
        collapser.metrics().removeBatchSizeListener(sizes);
        meters.removeAll();
    }
}
