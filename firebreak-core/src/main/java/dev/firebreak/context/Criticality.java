package dev.firebreak.context;

import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.Callable;

/**
 * How much a call matters when there is not room for every call: the four levels of Google's SRE
 * practice, most important first. Under overload a guard with priorities refuses
 * {@link #SHEDDABLE} first and {@link #CRITICAL_PLUS} last; a call that names no level is
 * {@link #DEFAULT} ({@link #CRITICAL}).
 *
 * <p>Where a call's level comes from, first found wins:
 * <ol>
 *   <li>a scope on this thread: {@code Criticality.SHEDDABLE.call(() -> guard.execute(...))} or
 *       {@code try (Criticality.Scope s = Criticality.SHEDDABLE.open()) { ... }};</li>
 *   <li>the current {@link RequestContext}'s level ({@link RequestContext#criticality(Criticality)}),
 *       which an inbound filter sets from the request's header, so the whole request tree shares it;</li>
 *   <li>{@link #DEFAULT}.</li>
 * </ol>
 * Guards, retries, hedges and collapsers carry the level of the thread that made the call to every
 * thread that works for it, as they carry the request context.
 *
 * <p>On the wire the level travels in the {@value #HEADER} header (and, with OpenTelemetry, in the
 * baggage entry {@value #BAGGAGE_KEY}) as its name; {@link #parse(String)} reads it leniently.
 */
public enum Criticality {
    /** Must not fail: refused only when the critical load alone exceeds the capacity. */
    CRITICAL_PLUS,
    /** The default: what a user waits for. */
    CRITICAL,
    /** Can fail now and then: refused before any critical call. */
    SHEDDABLE_PLUS,
    /** Can fail: prefetches, batch work, retries of background jobs; refused first. */
    SHEDDABLE;

    /** The level of a call that names none. */
    public static final Criticality DEFAULT = CRITICAL;
    /** The HTTP header that carries a request's level between services. */
    public static final String HEADER = "X-Firebreak-Criticality";
    /** The OpenTelemetry baggage entry that carries a request's level. */
    public static final String BAGGAGE_KEY = "firebreak.criticality";

    private static final Criticality[] LEVELS = values();
    private static final ThreadLocal<Criticality> SCOPED = new ThreadLocal<>();
    /*
     * False until a scope is first opened anywhere in the JVM: until then no thread can hold a scoped
     * level, so current() reads no ThreadLocal (a fresh virtual thread would otherwise get a map of
     * thread locals). A thread sets it before it sets SCOPED; it never goes back to false.
     */
    private static volatile boolean everScoped;

    /** Whether this level is at least as important as {@code other}. */
    public boolean isAtLeast(Criticality other) {
        return ordinal() <= other.ordinal();
    }

    /** The level one step more important, or this one if it is the most important. */
    public Criticality raised() {
        return this == CRITICAL_PLUS ? this : LEVELS[ordinal() - 1];
    }

    /**
     * This level, lowered to {@code ceiling} if it is more important: how a service keeps a caller
     * from raising its own level above what a path allows.
     */
    public Criticality cappedAt(Criticality ceiling) {
        Objects.requireNonNull(ceiling, "ceiling");
        return isAtLeast(ceiling) ? ceiling : this;
    }

    /**
     * Reads a level from a header or a property: the name in any case, with {@code -} or {@code _}
     * between words ({@code critical-plus}, {@code CRITICAL_PLUS}), surrounding blanks ignored.
     * Empty when {@code text} is null, blank or no level's name: the caller decides what that means
     * (an inbound filter uses {@link #DEFAULT} and counts it).
     */
    public static Optional<Criticality> parse(String text) {
        if (text == null) {
            return Optional.empty();
        }
        String name = text.strip().toUpperCase(Locale.ROOT).replace('-', '_');
        for (Criticality level : LEVELS) {
            if (level.name().equals(name)) {
                return Optional.of(level);
            }
        }
        return Optional.empty();
    }

    /** The level of a call made now on this thread (see the class comment); never null. */
    public static Criticality current() {
        Criticality scoped = scopedOrNull();
        if (scoped != null) {
            return scoped;
        }
        RequestContext context = RequestContext.currentOrNull();
        return context == null ? DEFAULT : context.criticality();
    }

    /**
     * The level a scope set on this thread, or null: what a guard captures to carry to the threads
     * that work for a call (allocation-free).
     */
    public static Criticality scopedOrNull() {
        return everScoped ? SCOPED.get() : null;
    }

    /**
     * Makes {@code level} (null for none) this thread's scoped level and returns the one it replaces;
     * for integrations that hand work between threads, always restored in a finally.
     */
    public static Criticality swap(Criticality level) {
        if (level != null) {
            if (!everScoped) {
                everScoped = true;
            }
        } else if (!everScoped) {
            return null;
        }
        Criticality previous = SCOPED.get();
        if (previous != level) {
            if (level == null) {
                SCOPED.remove();
            } else {
                SCOPED.set(level);
            }
        }
        return previous;
    }

    /** Makes this level current on this thread until the scope is closed. */
    public Scope open() {
        return new Scope(swap(this));
    }

    /** Runs {@code work} at this level on this thread. */
    public <T> T call(Callable<T> work) throws Exception {
        Criticality before = swap(this);
        try {
            return work.call();
        } finally {
            swap(before);
        }
    }

    /** Runs {@code work} at this level on this thread. */
    public void run(Runnable work) {
        Criticality before = swap(this);
        try {
            work.run();
        } finally {
            swap(before);
        }
    }

    /** A level made current on a thread by {@link #open()}; closing puts back the one it replaced. */
    public static final class Scope implements AutoCloseable {
        private final Criticality previous;
        private boolean closed;

        private Scope(Criticality previous) {
            this.previous = previous;
        }

        @Override
        public void close() {
            if (!closed) {
                closed = true;
                swap(previous);
            }
        }
    }
}
