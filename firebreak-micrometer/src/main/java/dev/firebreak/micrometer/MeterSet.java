package dev.firebreak.micrometer;

import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.ArrayList;
import java.util.List;

/** The meters registered for one guard, pool or collapser, so they can all be removed together. */
final class MeterSet {

    private final MeterRegistry registry;
    private final List<Meter> meters = new ArrayList<>();

    MeterSet(MeterRegistry registry) {
        this.registry = registry;
    }

    <M extends Meter> M add(M meter) {
        meters.add(meter);
        return meter;
    }

    void removeAll() {
        for (Meter meter : meters) {
            registry.remove(meter);
        }
        meters.clear();
    }
}
