package dev.firebreak.spring.boot.context;

import dev.firebreak.context.ContextCarrier;
import io.micrometer.context.ContextRegistry;
import io.micrometer.context.ContextSnapshot;
import io.micrometer.context.ContextSnapshotFactory;
import java.util.Objects;

/**
 * A {@link ContextCarrier} over Micrometer's context-propagation library: every
 * {@code ThreadLocalAccessor} registered with the {@link ContextRegistry} (the MDC, Micrometer
 * Observation and tracing, Spring Security's context, an application's own) is captured where a call
 * is submitted and set, around the call, its fallback and its continuations, where it runs. Values the
 * submitter did not have are cleared there, so a pooled thread never shows a previous call's.
 */
public final class MicrometerContextCarrier implements ContextCarrier {

    private final ContextSnapshotFactory snapshots;

    /** A carrier over {@code registry}'s accessors (usually {@link ContextRegistry#getInstance()}). */
    public MicrometerContextCarrier(ContextRegistry registry) {
        this.snapshots = ContextSnapshotFactory.builder()
                .contextRegistry(Objects.requireNonNull(registry, "registry"))
                .clearMissing(true)
                .build();
    }

    @Override
    public Snapshot capture() {
        ContextSnapshot captured = snapshots.captureAll();
        return () -> {
            ContextSnapshot.Scope scope = captured.setThreadLocals();
            return scope::close;
        };
    }
}
