package com.netflix.hystrix.strategy.concurrency;

import dev.firebreak.context.RequestContext;
import java.io.Closeable;

/**
 * A request's scope (its request cache, request log and REQUEST-scoped collapser batches): a Firebreak
 * {@link RequestContext}. {@link #initializeContext()} opens one and makes it current on this thread;
 * {@link #shutdown()} ends it. Bridged commands carry it onto their pool threads, and
 * {@link HystrixContextRunnable}, {@link HystrixContextCallable} and {@link HystrixContextScheduler}
 * carry it onto the user's own threads.
 */
public class HystrixRequestContext implements Closeable {

    private final RequestContext context;

    private HystrixRequestContext(RequestContext context) {
        this.context = context;
    }

    /** Opens a new request context and makes it current on this thread. */
    public static HystrixRequestContext initializeContext() {
        return of(RequestContext.open());
    }

    /** Whether a request context is current on this thread. */
    public static boolean isCurrentThreadInitialized() {
        RequestContext current = RequestContext.currentOrNull();
        return current != null && !current.isClosed();
    }

    /** The request context current on this thread, or null. */
    public static HystrixRequestContext getContextForCurrentThread() {
        RequestContext current = RequestContext.currentOrNull();
        return current == null || current.isClosed() ? null : of(current);
    }

    /** Makes {@code state} (null for none) current on this thread. */
    public static void setContextOnCurrentThread(HystrixRequestContext state) {
        RequestContext.swap(state == null ? null : state.context);
    }

    /** The same wrapper for the same Firebreak context, kept as one of its attachments. */
    static HystrixRequestContext of(RequestContext context) {
        return context.attachment(HystrixRequestContext.class, key -> new HystrixRequestContext(context));
    }

    /** The Firebreak context underneath. */
    public RequestContext firebreakContext() {
        return context;
    }

    /** Ends the context: it stops being current on this thread. Idempotent. */
    public void shutdown() {
        context.close();
    }

    /** Same as {@link #shutdown()}. */
    @Override
    public void close() {
        shutdown();
    }
}
