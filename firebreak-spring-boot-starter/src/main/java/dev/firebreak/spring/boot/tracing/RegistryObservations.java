package dev.firebreak.spring.boot.tracing;

import dev.firebreak.GuardRegistry;
import dev.firebreak.context.CallTracer;
import dev.firebreak.spring.boot.GuardRegistryHolder;
import java.lang.System.Logger.Level;
import java.util.Objects;

/**
 * Installs an {@link ObservationCallTracer} on the application's registry once it exists (at once if it
 * already does); {@link #close()} removes it. A registry that already has a tracer of its own (the
 * application bound firebreak-opentelemetry, say) keeps it: one span per call, never two.
 */
public final class RegistryObservations implements AutoCloseable {

    private static final System.Logger LOG = System.getLogger(RegistryObservations.class.getName());

    private final CallTracer tracer;
    private GuardRegistry installedOn; // guarded by this
    private boolean closed; // guarded by this

    /** Installs {@code tracer} on {@code holder}'s registry when it is created. */
    public RegistryObservations(GuardRegistryHolder holder, CallTracer tracer) {
        this.tracer = Objects.requireNonNull(tracer, "tracer");
        holder.whenCreated(this::install);
    }

    private synchronized void install(GuardRegistry registry) {
        if (closed) {
            return;
        }
        CallTracer present = registry.tracer();
        if (present != null && present != tracer) {
            LOG.log(Level.INFO, "Firebreak: the guard registry already has a call tracer ({0}); the starter's"
                    + " observations are not installed", present);
            return;
        }
        registry.useTracer(tracer);
        installedOn = registry;
    }

    /** The tracer installed by this, or null if none (not yet created, refused, or closed). */
    public synchronized CallTracer installed() {
        return installedOn == null ? null : tracer;
    }

    @Override
    public synchronized void close() {
        closed = true;
        if (installedOn != null) {
            installedOn.releaseTracer(tracer);
            installedOn = null;
        }
    }
}
