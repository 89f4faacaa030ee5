package dev.firebreak.spring.boot.context;

import dev.firebreak.context.ContextCarrier;
import io.micrometer.context.ContextRegistry;
import io.micrometer.context.ContextSnapshot;
import io.micrometer.context.ContextSnapshotFactory;
import java.util.Objects;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;
import org.springframework.util.ClassUtils;

/**
 * A {@link ContextCarrier} over Micrometer's context-propagation library: every
 * {@code ThreadLocalAccessor} registered with the {@link ContextRegistry} (the MDC, Micrometer
 * Observation and tracing, Spring Security's context, an application's own) is captured where a call
 * is submitted and set, around the call, its fallback and its continuations, where it runs. Values the
 * submitter did not have are cleared there, so a pooled thread never shows a previous call's.
 *
 * <p>The registry is obtained at the first capture, not when the carrier is created, so an
 * application's startup does not pay for the library's service loading.
 */
public final class MicrometerContextCarrier implements ContextCarrier {

    private final Supplier<ContextRegistry> registry;
    private final ReentrantLock creating = new ReentrantLock();
    /** Null until the first capture; written once, under {@link #creating}, never changed after. */
    private volatile ContextSnapshotFactory snapshots;

    /**
     * The starter's carrier: over the library's global registry ({@link ContextRegistry#getInstance()}),
     * looked up at the first capture, with the whole SLF4J MDC added as one value when SLF4J is present
     * and no MDC accessor is registered. Declared to return the core's type, so the auto-configuration
     * that calls it loads no class of the library unless it is called.
     */
    public static ContextCarrier ofGlobalRegistry() {
        return new MicrometerContextCarrier(new GlobalRegistry());
    }

    /** The global registry with the MDC accessor; a named class, since a lambda would be a class spun at startup. */
    private static final class GlobalRegistry implements Supplier<ContextRegistry> {
        @Override
        public ContextRegistry get() {
            ContextRegistry registry = ContextRegistry.getInstance();
            if (ClassUtils.isPresent("org.slf4j.MDC", MicrometerContextCarrier.class.getClassLoader())) {
                MdcAccessor.register(registry);
            }
            return registry;
        }
    }

    /** A carrier over {@code registry}'s accessors (usually {@link ContextRegistry#getInstance()}). */
    public MicrometerContextCarrier(ContextRegistry registry) {
        this(fixed(Objects.requireNonNull(registry, "registry")));
    }

    /**
     * A carrier over the accessors of the registry {@code registry} supplies, asked once, at the
     * first capture (the supplier may register accessors before returning it).
     */
    public MicrometerContextCarrier(Supplier<ContextRegistry> registry) {
        this.registry = Objects.requireNonNull(registry, "registry");
    }

    @Override
    public Snapshot capture() {
        ContextSnapshot captured = snapshots().captureAll();
        return () -> {
            ContextSnapshot.Scope scope = captured.setThreadLocals();
            return scope::close;
        };
    }

    private ContextSnapshotFactory snapshots() {
        ContextSnapshotFactory factory = snapshots;
        if (factory != null) {
            return factory;
        }
        creating.lock();
        try {
            if (snapshots == null) {
                snapshots = ContextSnapshotFactory.builder()
                        .contextRegistry(Objects.requireNonNull(registry.get(), "the supplied registry"))
                        .clearMissing(true)
                        .build();
            }
            return snapshots;
        } finally {
            creating.unlock();
        }
    }

    private static Supplier<ContextRegistry> fixed(ContextRegistry registry) {
        return () -> registry;
    }
}
