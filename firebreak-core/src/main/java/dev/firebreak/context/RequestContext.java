package dev.firebreak.context;

import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.function.Function;

/**
 * One request's scope: its {@linkplain #cache() request cache}, its {@linkplain #log() request log},
 * and the REQUEST-scoped collapsers' batches.
 *
 * <pre>{@code
 * try (RequestContext ctx = RequestContext.open()) {
 *     Integers a = randomOrg.cached("ints:3").execute(() -> client.generateIntegers(3));
 *     CompletableFuture<Integers> b = generateIntegers.submit(3);
 *     log.info(ctx.log().format());   // random.org[SUCCESS][503ms], generateIntegers[SUCCESS, COLLAPSED][512ms]
 * }
 * }</pre>
 *
 * <p><b>How it travels.</b> The context is current on the thread that opened it. A guard (or a
 * collapser) captures the current context when a call is submitted and makes it current again around
 * every piece of work it runs for that call: the blocking call on a pool or virtual thread, the
 * timeout and the fallback on the timer thread, the callback of a non-blocking stage, and the
 * completion of the future it returns. So stages chained on a guard's future without an executor
 * ({@code thenApply}, {@code whenComplete}) see the context. Limits, stated honestly:
 * <ul>
 *   <li>stages the user runs on an executor of their own ({@code thenApplyAsync(f, pool)}, or the
 *       common pool) see it only through {@link #propagating(Executor)} or {@link #wrap(Executor)};</li>
 *   <li>threads the user starts by hand need {@link #wrap(Runnable)} or {@link #wrap(Callable)};</li>
 *   <li>a context is not inherited by child threads (no InheritableThreadLocal: pool threads would
 *       keep stale contexts).</li>
 * </ul>
 *
 * <p>Closing a context makes the previous one current again on this thread. Work already submitted
 * keeps its reference and finishes normally (a REQUEST-scoped batch still leaves); the cache and the
 * log stay readable.
 */
public final class RequestContext implements AutoCloseable {

    private static final ThreadLocal<RequestContext> CURRENT = new ThreadLocal<>();
    /*
     * False until a context is first made current anywhere in the JVM. Reading a ThreadLocal on a
     * thread that has none gives that thread a map of thread locals (about 130 B: a fresh virtual
     * thread per call pays it on every call); while this is false no thread can hold a context, so
     * reads answer null without touching the ThreadLocal. Invariant: a thread sets this (if not yet
     * set) before it sets CURRENT to a context, so a thread whose CURRENT holds a context has itself
     * seen it true, and it never goes back to false.
     */
    private static volatile boolean everCurrent;

    private final RequestCache cache = new RequestCache();
    private final RequestLog log = new RequestLog();
    private final ConcurrentHashMap<Object, Object> attachments = new ConcurrentHashMap<>();
    private final RequestContext previous;
    private volatile boolean closed;
    private volatile Criticality criticality = Criticality.DEFAULT;

    private RequestContext(RequestContext previous) {
        this.previous = previous;
    }

    /** Opens a new context and makes it current on this thread until {@link #close()}. */
    public static RequestContext open() {
        markCurrent();
        RequestContext context = new RequestContext(CURRENT.get());
        CURRENT.set(context);
        return context;
    }

    /** The context current on this thread, if any. */
    public static Optional<RequestContext> current() {
        return Optional.ofNullable(currentOrNull());
    }

    /** The context current on this thread, or null (allocation-free, for integrations). */
    public static RequestContext currentOrNull() {
        return everCurrent ? CURRENT.get() : null;
    }

    /**
     * Makes {@code context} (null for none) current on this thread and returns the one it replaces.
     * For integrations that hand work between threads; always restore in a finally:
     * <pre>{@code
     * RequestContext previous = RequestContext.swap(captured);
     * try { work.run(); } finally { RequestContext.swap(previous); }
     * }</pre>
     */
    public static RequestContext swap(RequestContext context) {
        if (context != null) {
            markCurrent();
        } else if (!everCurrent) {
            return null; // no thread holds a context yet: nothing to replace
        }
        RequestContext previous = CURRENT.get();
        if (previous != context) {
            if (context == null) {
                CURRENT.remove();
            } else {
                CURRENT.set(context);
            }
        }
        return previous;
    }

    private static void markCurrent() {
        if (!everCurrent) { // read first: one write per JVM
            everCurrent = true;
        }
    }

    /** An executor that runs each task in the context current where {@code execute} was called (or none). */
    public static Executor propagating(Executor executor) {
        Objects.requireNonNull(executor, "executor");
        return task -> executor.execute(wrapIn(currentOrNull(), task));
    }

    /** An executor that runs each task in this context. */
    public Executor wrap(Executor executor) {
        Objects.requireNonNull(executor, "executor");
        return task -> executor.execute(wrapIn(this, task));
    }

    /** {@code task}, running in this context on whatever thread runs it. */
    public Runnable wrap(Runnable task) {
        return wrapIn(this, Objects.requireNonNull(task, "task"));
    }

    /** {@code task}, running in this context on whatever thread runs it. */
    public <T> Callable<T> wrap(Callable<T> task) {
        Objects.requireNonNull(task, "task");
        return () -> {
            RequestContext before = swap(this);
            try {
                return task.call();
            } finally {
                swap(before);
            }
        };
    }

    private static Runnable wrapIn(RequestContext context, Runnable task) {
        return () -> {
            RequestContext before = swap(context);
            try {
                task.run();
            } finally {
                swap(before);
            }
        };
    }

    /** The request cache: calls with a cache key run once per context. */
    public RequestCache cache() {
        return cache;
    }

    /** The request log: every guarded call and collapsed request of this request. */
    public RequestLog log() {
        return log;
    }

    /**
     * The value attached to this context under {@code key}, made by {@code factory} on first use (at
     * most once per key). Collapsers keep their REQUEST-scoped batches here.
     */
    @SuppressWarnings("unchecked")
    public <K, V> V attachment(K key, Function<? super K, ? extends V> factory) {
        return (V) attachments.computeIfAbsent(key, k -> factory.apply((K) k));
    }

    /**
     * Forgets the value attached under {@code key}: the next {@link #attachment} call makes a new one.
     * For a collapser, requests of this context made after this gather in a new REQUEST-scoped batch,
     * while the batch already gathering still leaves at its window (hystrix-core's
     * {@code RequestCollapserFactory.resetRequest()}).
     *
     * @return whether a value was attached
     */
    public boolean detach(Object key) {
        return attachments.remove(key) != null;
    }

    /** This request's {@link Criticality}: {@link Criticality#DEFAULT} until set. */
    public Criticality criticality() {
        return criticality;
    }

    /**
     * Sets this request's {@link Criticality}, which every call of the request has unless a scope on
     * its thread says otherwise (an inbound filter sets it from the request's header).
     *
     * @return this context
     */
    public RequestContext criticality(Criticality level) {
        this.criticality = Objects.requireNonNull(level, "level");
        return this;
    }

    /** Whether {@link #close()} was called. */
    public boolean isClosed() {
        return closed;
    }

    /**
     * Ends this context: if it is current on this thread, the context it replaced becomes current
     * again. Idempotent.
     */
    @Override
    public void close() {
        closed = true;
        if (CURRENT.get() == this) {
            swap(previous);
        }
    }

    @Override
    public String toString() {
        return "RequestContext[" + log.format() + "]";
    }
}
