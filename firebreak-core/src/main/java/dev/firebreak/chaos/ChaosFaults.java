package dev.firebreak.chaos;

import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.DoubleSupplier;
import java.util.function.Supplier;

/**
 * A registry's chaos: whether it {@linkplain #allowed() allows} fault injection at all, where rates draw
 * their {@linkplain #random(DoubleSupplier) random numbers}, and the faults its configuration may name
 * ({@code chaos.faults}): objects registered in code by
 * name, each for one kind: an exception to throw (EXCEPTION), a value to return instead of the call's
 * (RESULT), or a behaviour of the user's own (BEHAVIOR). One per registry
 * ({@code registry.chaosFaults()}); registering under a name already taken replaces it for the guards
 * configured afterwards. Thread-safe.
 *
 * <pre>{@code
 * registry.chaosFaults()
 *         .exception("db-down", () -> new SQLTransientConnectionException("injected"))
 *         .result("empty-page", Page.empty());
 * }</pre>
 */
public final class ChaosFaults {

    /** One registered fault: its kind and its object (a {@code Supplier} of a Throwable, a value, a behaviour). */
    record Entry(ChaosKind kind, Object value) {
    }

    /** The default random source: a fresh draw in [0, 1) per call, from the calling thread's generator. */
    public static final DoubleSupplier THREAD_LOCAL_RANDOM = () -> ThreadLocalRandom.current().nextDouble();

    private final Map<String, Entry> byName = new ConcurrentHashMap<>();
    private final boolean allowed;
    private volatile DoubleSupplier random = THREAD_LOCAL_RANDOM;

    /** The faults of a registry that allows chaos ({@code allowed}) or not (the registry's builder makes it). */
    public ChaosFaults(boolean allowed) {
        this.allowed = allowed;
    }

    /**
     * Whether the registry allows chaos ({@code GuardRegistry.builder().allowChaos(true)}): if not, its guards
     * have no chaos policy and every {@code chaos.*} key changes nothing.
     */
    public boolean allowed() {
        return allowed;
    }

    /**
     * Sets where rates draw from: values in [0, 1), called from any thread (so thread-safe, such as
     * {@code new java.util.Random(seed)::nextDouble}); a seeded source makes a test's injections repeatable.
     */
    public ChaosFaults random(DoubleSupplier source) {
        this.random = Objects.requireNonNull(source, "source");
        return this;
    }

    /** Where rates draw from ({@link #THREAD_LOCAL_RANDOM} unless {@link #random(DoubleSupplier)} set another). */
    public DoubleSupplier random() {
        return random;
    }

    /** An EXCEPTION fault: {@code exception} makes what an injected call throws (called per injected call). */
    public ChaosFaults exception(String name, Supplier<? extends Throwable> exception) {
        return put(name, ChaosKind.EXCEPTION, Objects.requireNonNull(exception, "exception"));
    }

    /** A RESULT fault: an injected call returns {@code value} (null allowed) without running. */
    public ChaosFaults result(String name, Object value) {
        return put(name, ChaosKind.RESULT, value);
    }

    /** A BEHAVIOR fault: {@code behavior} runs in place of an injected call. */
    public ChaosFaults behavior(String name, ChaosBehavior behavior) {
        return put(name, ChaosKind.BEHAVIOR, Objects.requireNonNull(behavior, "behavior"));
    }

    /** Removes the fault registered under {@code name}, if any. */
    public void remove(String name) {
        byName.remove(name);
    }

    /** The kind registered under {@code name}, or null if none. */
    public ChaosKind kindOf(String name) {
        Entry entry = byName.get(name);
        return entry == null ? null : entry.kind();
    }

    Entry find(String name) {
        return byName.get(name);
    }

    private ChaosFaults put(String name, ChaosKind kind, Object value) {
        Objects.requireNonNull(name, "name");
        if (!name.matches("\\S+") || name.contains(",")) {
            throw new IllegalArgumentException("a fault's name must have no spaces or commas: '" + name + "'");
        }
        byName.put(name, new Entry(kind, value));
        return this;
    }
}
