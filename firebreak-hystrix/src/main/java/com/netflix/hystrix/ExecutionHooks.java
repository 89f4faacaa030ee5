package com.netflix.hystrix;

import com.netflix.hystrix.exception.HystrixRuntimeException.FailureType;
import com.netflix.hystrix.strategy.executionhook.HystrixCommandExecutionHook;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;

/**
 * Calls a registered {@link HystrixCommandExecutionHook} for one execution of one command, in
 * hystrix-core 1.5.18's order (the hook's class comment lists it). For a {@link HystrixCommand} each
 * deprecated method is called with the HystrixCommand overload first, then the HystrixInvokable one, as
 * 1.5.18's deprecation wrapper did.
 *
 * <p>Two claims keep the order when a timeout races the run (each is one compare-and-set, so exactly
 * one side wins it):
 * <ul>
 * <li>{@code runOver}: taken by the run when it ends, or by the fallback or the caller's completion
 * when they overtake a run still going (a timeout). Only its winner calls the run's end hooks, so a run
 * that ends after its timeout calls none.
 * <li>{@code threadOpen}: set when {@code onThreadStart} is called; whoever clears it calls
 * {@code onThreadComplete}, once.
 * </ul>
 * A hook that throws is logged and its argument passes on unchanged, except where the class comment of
 * {@link HystrixCommandExecutionHook} says otherwise (start hooks: the exception is the outcome).
 */
final class ExecutionHooks<R> {

    private static final System.Logger LOG = System.getLogger(HystrixCommandExecutionHook.class.getName());

    private final HystrixCommandExecutionHook hook;
    private final AbstractCommand<R> command;
    private final HystrixCommand<R> asCommand; // null for an observable command: it has no deprecated overloads to call
    private final AtomicBoolean runOver = new AtomicBoolean();
    private final AtomicBoolean threadOpen = new AtomicBoolean();

    ExecutionHooks(HystrixCommandExecutionHook hook, AbstractCommand<R> command) {
        this.hook = hook;
        this.command = command;
        this.asCommand = command instanceof HystrixCommand<R> c ? c : null;
    }

    /** The command starts; a throw fails the command at once, without fallback. */
    @SuppressWarnings("deprecation")
    void onStart() {
        if (asCommand != null) {
            hook.onStart(asCommand);
        }
        hook.onStart(command);
    }

    /** The value comes from the request cache. */
    void onCacheHit() {
        safely("onCacheHit", () -> hook.onCacheHit(command));
    }

    /**
     * The run is about to be called, on a pool thread when {@code inThread}. A hook that throws ends the
     * run with its exception (recorded in {@code record}; the thread's time is over, and no execution
     * error hook is called, as in 1.5.18). Nothing is called once a timeout overtook the run.
     */
    void runStarting(boolean inThread, ExecutionRecord record) {
        if (runOver.get()) {
            return;
        }
        try {
            startHooks(inThread);
        } catch (RuntimeException | LinkageError refused) {
            overtakeRun();
            record.runThrew(refused);
            throw refused;
        }
    }

    @SuppressWarnings("deprecation")
    private void startHooks(boolean inThread) {
        if (inThread) {
            threadOpen.set(true);
            if (asCommand != null) {
                hook.onThreadStart(asCommand);
            }
            hook.onThreadStart(command);
        }
        if (asCommand != null) {
            hook.onRunStart(asCommand);
        }
        hook.onRunStart(command);
        hook.onExecutionStart(command);
    }

    /** Whether the run's end is still this execution's news (no timeout overtook it); claims it. */
    boolean claimRunEnd() {
        return runOver.compareAndSet(false, true);
    }

    /** The run returned {@code value} (after {@link #claimRunEnd}); returns the value to go on with. */
    @SuppressWarnings("deprecation")
    R runEmitted(R value) {
        R v = replace("onExecutionEmit", value, () -> hook.onExecutionEmit(command, value));
        if (asCommand != null) {
            R current = v;
            v = replace("onRunSuccess", current, () -> hook.onRunSuccess(asCommand, current));
        }
        R current = v;
        v = replace("onRunSuccess", current, () -> hook.onRunSuccess(command, current));
        return emitted(v);
    }

    /** The run completed (after {@link #runEmitted}). */
    void runSucceeded() {
        safely("onExecutionSuccess", () -> hook.onExecutionSuccess(command));
        threadComplete();
    }

    /** The run threw {@code e} (after {@link #claimRunEnd}); returns the exception to go on with. */
    @SuppressWarnings("deprecation")
    Exception runFailed(Exception e) {
        Exception x = replace("onExecutionError", e, () -> hook.onExecutionError(command, e));
        if (asCommand != null) {
            Exception current = x;
            x = replace("onRunError", current, () -> hook.onRunError(asCommand, current));
        }
        Exception current = x;
        x = replace("onRunError", current, () -> hook.onRunError(command, current));
        threadComplete();
        return x;
    }

    /** The fallback or the caller's completion comes while the run may still be going: its thread time is over. */
    void overtakeRun() {
        if (runOver.compareAndSet(false, true)) {
            threadComplete();
        }
    }

    /** The user-defined fallback is about to be called; a throw becomes the fallback's failure. */
    @SuppressWarnings("deprecation")
    void fallbackStarting() {
        if (asCommand != null) {
            hook.onFallbackStart(asCommand);
        }
        hook.onFallbackStart(command);
    }

    /** The fallback returned {@code value}; returns the value to go on with. */
    @SuppressWarnings("deprecation")
    R fallbackEmitted(R value) {
        R v = replace("onFallbackEmit", value, () -> hook.onFallbackEmit(command, value));
        if (asCommand != null) {
            R current = v;
            v = replace("onFallbackSuccess", current, () -> hook.onFallbackSuccess(asCommand, current));
        }
        R current = v;
        v = replace("onFallbackSuccess", current, () -> hook.onFallbackSuccess(command, current));
        return emitted(v);
    }

    /** The fallback completed (after {@link #fallbackEmitted}). */
    void fallbackSucceeded() {
        safely("onFallbackSuccess", () -> hook.onFallbackSuccess(command));
    }

    /** The user-defined fallback threw {@code e}; returns the exception to go on with. */
    @SuppressWarnings("deprecation")
    Exception fallbackFailed(Exception e) {
        Exception x = e;
        if (asCommand != null) {
            Exception current = x;
            x = replace("onFallbackError", current, () -> hook.onFallbackError(asCommand, current));
        }
        Exception current = x;
        return replace("onFallbackError", current, () -> hook.onFallbackError(command, current));
    }

    /** The caller gets a value. */
    void onSuccess() {
        safely("onSuccess", () -> hook.onSuccess(command));
    }

    /** The caller gets an exception for {@code failureType}; returns the exception to put in place of {@code e}. */
    @SuppressWarnings("deprecation")
    Exception onError(FailureType failureType, Exception e) {
        Exception x = e;
        if (asCommand != null) {
            Exception current = x;
            x = replace("onError", current, () -> hook.onError(asCommand, failureType, current));
        }
        Exception current = x;
        return replace("onError", current, () -> hook.onError(command, failureType, current));
    }

    /** The caller walked away before the end. */
    void onUnsubscribe() {
        safely("onUnsubscribe", () -> hook.onUnsubscribe(command));
    }

    @SuppressWarnings("deprecation")
    private R emitted(R value) {
        R v = value;
        if (asCommand != null) {
            R current = v;
            v = replace("onComplete", current, () -> hook.onComplete(asCommand, current));
        }
        R current = v;
        v = replace("onComplete", current, () -> hook.onComplete(command, current));
        R last = v;
        return replace("onEmit", last, () -> hook.onEmit(command, last));
    }

    @SuppressWarnings("deprecation")
    private void threadComplete() {
        if (threadOpen.compareAndSet(true, false)) {
            if (asCommand != null) {
                safely("onThreadComplete", () -> hook.onThreadComplete(asCommand));
            }
            safely("onThreadComplete", () -> hook.onThreadComplete(command));
        }
    }

    private void safely(String method, Runnable call) {
        try {
            call.run();
        } catch (RuntimeException | LinkageError thrown) {
            logged(method, thrown);
        }
    }

    private <V> V replace(String method, V given, Supplier<V> call) {
        try {
            return call.get();
        } catch (RuntimeException | LinkageError thrown) {
            logged(method, thrown);
            return given;
        }
    }

    private void logged(String method, Throwable thrown) {
        LOG.log(System.Logger.Level.WARNING, "HystrixCommandExecutionHook." + method + " of " + hook.getClass().getName()
                + " threw for command " + command.getCommandKey().name() + "; the execution goes on as if it had returned normally", thrown);
    }
}
