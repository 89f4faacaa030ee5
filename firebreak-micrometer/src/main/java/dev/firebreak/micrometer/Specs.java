package dev.firebreak.micrometer;

import dev.firebreak.metrics.MetricSpec;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Tags;
import java.util.function.ToDoubleFunction;

/**
 * Micrometer builders from the vocabulary's {@link MetricSpec}s: the name, description and base unit come
 * from the one table in firebreak-core, never from a string written here.
 */
final class Specs {

    private Specs() {
    }

    static <T> Gauge.Builder<T> gauge(MetricSpec spec, Tags tags, T source, ToDoubleFunction<T> read) {
        check(spec, MetricSpec.Type.GAUGE);
        Gauge.Builder<T> builder = Gauge.builder(spec.name(), source, read).tags(tags).description(spec.description());
        return spec.baseUnit() == null ? builder : builder.baseUnit(spec.baseUnit());
    }

    static <T> FunctionCounter.Builder<T> counter(MetricSpec spec, Tags tags, T source, ToDoubleFunction<T> read) {
        check(spec, MetricSpec.Type.COUNTER);
        FunctionCounter.Builder<T> builder = FunctionCounter.builder(spec.name(), source, read).tags(tags)
                .description(spec.description());
        return spec.baseUnit() == null ? builder : builder.baseUnit(spec.baseUnit());
    }

    private static void check(MetricSpec spec, MetricSpec.Type type) {
        if (spec.type() != type) {
            throw new IllegalArgumentException(spec.name() + " is a " + spec.type() + ", not a " + type);
        }
    }
}
