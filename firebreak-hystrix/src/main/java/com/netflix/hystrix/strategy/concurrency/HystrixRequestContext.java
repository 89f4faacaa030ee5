package com.netflix.hystrix.strategy.concurrency;

import dev.firebreak.context.RequestContext;
import java.io.Closeable;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A request's scope (its request cache, request log, REQUEST-scoped collapser batches and request
 * variables): a Firebreak {@link RequestContext}. {@link #initializeContext()} opens one and makes it
 * current on this thread; {@link #shutdown()} shuts down its request variables and ends it. Bridged
 * commands carry it onto their pool threads, and {@link HystrixContextRunnable},
 * {@link HystrixContextCallable} and {@link HystrixContextScheduler} carry it onto the user's own threads.
 *
 * <p>Request variables are shut down by {@link #shutdown()} (or {@link #close()}); closing the
 * Firebreak context directly ends the request without calling their {@code shutdown}.
 */
public class HystrixRequestContext implements Closeable {

    private static final System.Logger LOG = System.getLogger(HystrixRequestContext.class.getName());

    private final RequestContext context;
    /** The request variables' values; a slot makes its value once, even when threads race. */
    private final ConcurrentHashMap<HystrixRequestVariableDefault<?>, Slot> variables = new ConcurrentHashMap<>();

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

    Slot slot(HystrixRequestVariableDefault<?> variable) {
        return variables.computeIfAbsent(variable, v -> new Slot(v));
    }

    void put(HystrixRequestVariableDefault<?> variable, Object value) {
        variables.put(variable, new Slot(variable, value));
    }

    /** Removes the variable's value; the thread that removes it hands it to the variable's shutdown. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    void remove(HystrixRequestVariableDefault<?> variable) {
        Slot removed = variables.remove(variable);
        if (removed != null && removed.made()) {
            ((HystrixRequestVariableDefault) variable).shutdown(removed.get());
        }
    }

    /**
     * Ends the request: each request variable's value goes to its {@code shutdown} (one that throws is
     * logged and does not stop the others), and the context stops being current on this thread.
     * Idempotent.
     */
    public void shutdown() {
        try {
            for (HystrixRequestVariableDefault<?> variable : variables.keySet()) {
                try {
                    remove(variable);
                } catch (RuntimeException thrown) {
                    LOG.log(System.Logger.Level.ERROR, "shutdown of request variable " + variable.getClass().getName()
                            + " threw; the other variables are still shut down", thrown);
                }
            }
        } finally {
            context.close();
        }
    }

    /** Same as {@link #shutdown()}. */
    @Override
    public void close() {
        shutdown();
    }

    /** One variable's value in this request, made by its initialValue on the first read. */
    static final class Slot {
        private final HystrixRequestVariableDefault<?> variable;
        private boolean made;
        private Object value;

        Slot(HystrixRequestVariableDefault<?> variable) {
            this.variable = variable;
        }

        Slot(HystrixRequestVariableDefault<?> variable, Object value) {
            this.variable = variable;
            this.value = value;
            this.made = true;
        }

        synchronized Object get() {
            if (!made) {
                value = variable.initialValue();
                made = true;
            }
            return value;
        }

        synchronized boolean made() {
            return made;
        }
    }
}
