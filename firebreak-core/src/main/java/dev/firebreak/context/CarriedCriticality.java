package dev.firebreak.context;

import java.util.Objects;
import java.util.concurrent.Executor;

/**
 * Carries the {@link Criticality} scoped on the thread that makes a call to the threads that work for
 * it, as {@link RequestContext} travels by itself: a guard's pool or virtual thread, a retry's or a
 * hedge's later attempts, a collapsed batch. A level set in the request context needs no carrying (the
 * context travels); only a scope ({@code level.open()}, {@code level.call(..)}) lives on one thread.
 *
 * <p>Free when no scope is open: with no level scoped on the capturing thread, {@link #capture} returns
 * the other carrier's snapshot itself and {@link #wrap} the executor itself, so a call that names no
 * level pays one volatile read and allocates nothing. With a level, a snapshot of two references is made
 * per call and a scope per restore.
 */
public final class CarriedCriticality {

    private CarriedCriticality() {
    }

    /**
     * {@code carrier}'s snapshot of this thread, with this thread's scoped level added if it has one:
     * restoring it makes that level current on the restoring thread, until the returned scope closes.
     */
    public static ContextCarrier.Snapshot capture(ContextCarrier carrier) {
        ContextCarrier.Snapshot other = carrier.capture();
        Criticality level = Criticality.scopedOrNull();
        return level == null ? other : new LevelSnapshot(level, other);
    }

    /** The level a snapshot from {@link #capture} carries, or null if it carries none. */
    public static Criticality levelOf(ContextCarrier.Snapshot snapshot) {
        return snapshot instanceof LevelSnapshot carried ? carried.level : null;
    }

    /**
     * {@code executor}, running each task at this thread's scoped level (captured now), or
     * {@code executor} itself if this thread has none.
     */
    public static Executor wrap(Executor executor) {
        Objects.requireNonNull(executor, "executor");
        Criticality level = Criticality.scopedOrNull();
        if (level == null) {
            return executor;
        }
        return task -> executor.execute(() -> level.run(task));
    }

    /** A snapshot with a level: the level is made current first and put back last. */
    private static final class LevelSnapshot implements ContextCarrier.Snapshot {
        private final Criticality level;
        private final ContextCarrier.Snapshot other;

        LevelSnapshot(Criticality level, ContextCarrier.Snapshot other) {
            this.level = level;
            this.other = other;
        }

        @Override
        public ContextCarrier.Scope restore() {
            Criticality before = Criticality.swap(level);
            ContextCarrier.Scope inner;
            try {
                inner = other.restore();
            } catch (Throwable thrown) {
                Criticality.swap(before);
                throw thrown;
            }
            return () -> {
                try {
                    inner.close();
                } finally {
                    Criticality.swap(before);
                }
            };
        }
    }
}
