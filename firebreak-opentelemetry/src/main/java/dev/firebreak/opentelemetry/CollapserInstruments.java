package dev.firebreak.opentelemetry;

import dev.firebreak.GuardRegistry;
import dev.firebreak.collapse.Collapser;
import dev.firebreak.collapse.CollapserRegistry;
import dev.firebreak.metrics.MetricVocabulary;
import dev.firebreak.registry.RegistryListener;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.metrics.LongHistogram;
import java.util.HashMap;
import java.util.Map;
import java.util.function.IntConsumer;

/**
 * The collapsers' instruments, attribute {@code collapser}: the batch-size histogram, fed by each
 * collapser's batch-size listener (added and removed as the collapser registry reports collapsers added
 * and removed), and the requests and batches in flight, read at each collection.
 */
final class CollapserInstruments {

    private final CollapserRegistry collapsers;
    private final LongHistogram batchSize;
    private final Map<Collapser<?, ?>, IntConsumer> fed = new HashMap<>(); // guarded by this
    private final RegistryListener<Collapser<?, ?>> follow = new RegistryListener<>() {
        @Override
        public void onAdded(Collapser<?, ?> added) {
            feed(added);
        }

        @Override
        public void onRemoved(Collapser<?, ?> removed) {
            starve(removed);
        }
    };
    private boolean closed; // guarded by this

    CollapserInstruments(GuardRegistry guards, Instruments instruments) {
        this.collapsers = CollapserRegistry.of(guards);
        this.batchSize = instruments.distribution(MetricVocabulary.COLLAPSER_BATCH_SIZE, MetricVocabulary.BATCH_SIZE_BUCKETS);
        instruments.<Collapser<?, ?>>counter(MetricVocabulary.COLLAPSER_REQUESTS, collapsers::collapsers,
                (c, m) -> m.record(c.metrics().cumulativeRequests(), of(c)));
        instruments.<Collapser<?, ?>>gauge(MetricVocabulary.COLLAPSER_BATCHES_ACTIVE, collapsers::collapsers,
                (c, m) -> m.record(c.metrics().batchesInFlight(), of(c)));
        collapsers.registry().addListener(follow);
        collapsers.collapsers().forEach(this::feed);
    }

    private synchronized void feed(Collapser<?, ?> collapser) {
        if (closed || fed.containsKey(collapser)) {
            return;
        }
        Attributes attributes = of(collapser);
        IntConsumer record = size -> batchSize.record(size, attributes);
        fed.put(collapser, record);
        collapser.metrics().addBatchSizeListener(record);
    }

    private synchronized void starve(Collapser<?, ?> collapser) {
        IntConsumer record = fed.remove(collapser);
        if (record != null) {
            collapser.metrics().removeBatchSizeListener(record);
        }
    }

    synchronized void close() {
        closed = true;
        collapsers.registry().removeListener(follow);
        fed.forEach((collapser, record) -> collapser.metrics().removeBatchSizeListener(record));
        fed.clear();
    }

    private static Attributes of(Collapser<?, ?> collapser) {
        return Instruments.attributes(MetricVocabulary.COLLAPSER, collapser.name());
    }
}
