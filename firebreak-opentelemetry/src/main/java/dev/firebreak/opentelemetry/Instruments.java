package dev.firebreak.opentelemetry;

import dev.firebreak.metrics.MetricSpec;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.metrics.DoubleHistogram;
import io.opentelemetry.api.metrics.LongHistogram;
import io.opentelemetry.api.metrics.Meter;
import io.opentelemetry.api.metrics.ObservableDoubleMeasurement;
import io.opentelemetry.api.metrics.ObservableLongMeasurement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiConsumer;
import java.util.function.Supplier;

/**
 * OpenTelemetry instruments from the vocabulary's {@link MetricSpec}s (name, description and unit come
 * from the one table in firebreak-core), and the asynchronous ones' handles, closed together.
 */
final class Instruments {

    private static final Map<String, AttributeKey<String>> KEYS = new ConcurrentHashMap<>();

    private final Meter meter;
    private final List<AutoCloseable> observers = new ArrayList<>();

    Instruments(Meter meter) {
        this.meter = meter;
    }

    /** The attribute key of a tag. */
    static AttributeKey<String> key(String tag) {
        return KEYS.computeIfAbsent(tag, AttributeKey::stringKey);
    }

    /** Attributes from alternating tag keys and values. */
    static Attributes attributes(String... keysAndValues) {
        var builder = Attributes.builder();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            builder.put(key(keysAndValues[i]), keysAndValues[i + 1]);
        }
        return builder.build();
    }

    /** An observable counter whose callback visits every item {@code items} gives at each collection. */
    <T> void counter(MetricSpec spec, Supplier<? extends Iterable<T>> items, BiConsumer<T, ObservableLongMeasurement> observe) {
        check(spec, MetricSpec.Type.COUNTER);
        observers.add(meter.counterBuilder(spec.name()).setDescription(spec.description()).setUnit(spec.unit())
                .buildWithCallback(measurement -> items.get().forEach(item -> observe.accept(item, measurement))));
    }

    /** An observable gauge whose callback visits every item {@code items} gives at each collection. */
    <T> void gauge(MetricSpec spec, Supplier<? extends Iterable<T>> items, BiConsumer<T, ObservableDoubleMeasurement> observe) {
        check(spec, MetricSpec.Type.GAUGE);
        observers.add(meter.gaugeBuilder(spec.name()).setDescription(spec.description()).setUnit(spec.unit())
                .buildWithCallback(measurement -> items.get().forEach(item -> observe.accept(item, measurement))));
    }

    /** A histogram of seconds with explicit bucket advice. */
    DoubleHistogram timer(MetricSpec spec, List<Double> buckets) {
        check(spec, MetricSpec.Type.TIMER);
        return meter.histogramBuilder(spec.name()).setDescription(spec.description()).setUnit(spec.unit())
                .setExplicitBucketBoundariesAdvice(buckets).build();
    }

    /** A histogram of whole values with explicit bucket advice. */
    LongHistogram distribution(MetricSpec spec, List<Double> buckets) {
        check(spec, MetricSpec.Type.DISTRIBUTION);
        return meter.histogramBuilder(spec.name()).ofLongs().setDescription(spec.description()).setUnit(spec.unit())
                .setExplicitBucketBoundariesAdvice(buckets.stream().map(Double::longValue).toList()).build();
    }

    /** Closes the asynchronous instruments: their callbacks run no more. */
    void close() {
        for (AutoCloseable observer : observers) {
            try {
                observer.close();
            } catch (Exception e) {
                // an SDK's close of a callback does not fail; nothing to undo if one does
            }
        }
        observers.clear();
    }

    private static void check(MetricSpec spec, MetricSpec.Type type) {
        if (spec.type() != type) {
            throw new IllegalArgumentException(spec.name() + " is a " + spec.type() + ", not a " + type);
        }
    }
}
