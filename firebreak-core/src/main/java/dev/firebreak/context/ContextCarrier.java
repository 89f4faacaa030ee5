package dev.firebreak.context;

/**
 * Carries thread-bound context that is not Firebreak's own (a logging MDC, a tracing span, a security
 * context) from the thread that submits a call to the threads that run it: a guard's pool thread or
 * virtual thread, the thread that completes a timed-out or asynchronous call (so the caller's
 * continuations see it), and a collapsed batch's call. {@link RequestContext} travels the same ways by
 * itself; a carrier adds whatever else an application binds to threads.
 *
 * <p>Set one per registry ({@code GuardRegistry.builder().contextCarrier(carrier)}); the default,
 * {@link #NONE}, carries nothing. The Spring Boot starter supplies one backed by Micrometer's
 * context-propagation library.
 *
 * <p>Contract: {@link #capture()} runs on the submitting thread and must not block; each
 * {@link Snapshot#restore()} runs on the thread about to run the user's code (the call, its fallback,
 * a continuation), and its {@link Scope#close()} puts back what that thread had, on the same thread.
 * A snapshot may be restored several times, on different threads, one after another or at once.
 */
@FunctionalInterface
public interface ContextCarrier {

    /** Carries nothing: capturing and restoring cost a constant each. */
    ContextCarrier NONE = () -> Snapshot.EMPTY;

    /** The submitting thread's context, to restore later elsewhere. */
    Snapshot capture();

    /** What {@link #capture()} took from one thread. */
    @FunctionalInterface
    interface Snapshot {

        /** A snapshot that restores nothing. */
        Snapshot EMPTY = () -> Scope.NOOP;

        /** Installs the captured context on the current thread until the returned scope is closed. */
        Scope restore();
    }

    /** The time a snapshot is installed on a thread; closing it puts back the thread's previous context. */
    @FunctionalInterface
    interface Scope extends AutoCloseable {

        /** A scope with nothing to put back. */
        Scope NOOP = () -> { };

        /** Puts back the thread's previous context; never throws a checked exception. */
        @Override
        void close();
    }
}
