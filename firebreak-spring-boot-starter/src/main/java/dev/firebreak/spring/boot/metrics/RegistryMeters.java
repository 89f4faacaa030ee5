package dev.firebreak.spring.boot.metrics;

import dev.firebreak.GuardRegistry;
import dev.firebreak.micrometer.FirebreakMetrics;
import dev.firebreak.spring.boot.GuardRegistryHolder;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;
import dev.firebreak.metrics.MetricDetail;
import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * The starter's {@link MeterBinder} for the application's registry, which may not exist when Spring Boot
 * binds the meter binders: each {@code MeterRegistry} it is bound to gets a {@link FirebreakMetrics} of
 * the registry as soon as the registry exists ({@link GuardRegistryHolder#whenCreated}), at once if it
 * already does, so every guard, pool and collapser has its meters from its creation on. Closing it closes
 * those binders (their listeners leave the registry, their meters go).
 */
public final class RegistryMeters implements MeterBinder, AutoCloseable {

    private final GuardRegistryHolder holder;
    private final Set<MetricDetail> details;
    private final List<FirebreakMetrics> bound = new ArrayList<>(); // guarded by this
    private boolean closed; // guarded by this

    /** Binds the meters of {@code holder}'s registry once it exists, with the default figures. */
    public RegistryMeters(GuardRegistryHolder holder) {
        this(holder, Set.of());
    }

    /** Binds the meters of {@code holder}'s registry once it exists, with the opt-in figures {@code details}. */
    public RegistryMeters(GuardRegistryHolder holder, Collection<MetricDetail> details) {
        this.holder = Objects.requireNonNull(holder, "holder");
        this.details = details.isEmpty() ? Set.of() : Set.copyOf(EnumSet.copyOf(details));
    }

    /** The opt-in figures the binders publish ({@code firebreak.metrics.detail}). */
    public Set<MetricDetail> details() {
        return details;
    }

    @Override
    public void bindTo(MeterRegistry meters) {
        Objects.requireNonNull(meters, "meters");
        holder.whenCreated(registry -> bind(registry, meters));
    }

    private synchronized void bind(GuardRegistry registry, MeterRegistry meters) {
        if (closed) {
            return;
        }
        FirebreakMetrics metrics = FirebreakMetrics.builder(registry).detail(details).build();
        metrics.bindTo(meters);
        bound.add(metrics);
    }

    /** The binders made so far, one per {@code MeterRegistry} once the registry exists. */
    synchronized List<FirebreakMetrics> bound() {
        return List.copyOf(bound);
    }

    @Override
    public synchronized void close() {
        closed = true;
        for (FirebreakMetrics metrics : bound) {
            metrics.close();
        }
        bound.clear();
    }
}
