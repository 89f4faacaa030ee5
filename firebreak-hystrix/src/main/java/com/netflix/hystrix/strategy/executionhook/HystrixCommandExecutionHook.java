package com.netflix.hystrix.strategy.executionhook;

import com.netflix.hystrix.HystrixCommand;
import com.netflix.hystrix.HystrixInvokable;
import com.netflix.hystrix.exception.HystrixRuntimeException.FailureType;

/**
 * Called at each step of every command's execution, to observe it or to replace its values and
 * exceptions. Register one with {@code HystrixPlugins.getInstance().registerCommandExecutionHook(...)};
 * every method does nothing (or passes its argument through) unless overridden.
 *
 * <p>The bridge calls the methods in hystrix-core 1.5.18's order:
 * <ul>
 * <li>start: {@code onStart}, or only {@code onCacheHit} when the value comes from the request cache;
 * <li>the run: {@code onThreadStart} (THREAD isolation only), {@code onExecutionStart}, then either
 * {@code onExecutionEmit}, {@code onEmit} and {@code onExecutionSuccess}, or {@code onExecutionError};
 * then {@code onThreadComplete} (THREAD isolation only). A timeout calls {@code onThreadComplete} when
 * it fires, and the late end of the run calls nothing more;
 * <li>the fallback, after a failure, timeout, short-circuit or rejection, when the command defines
 * one: {@code onFallbackStart}, then {@code onFallbackEmit}, {@code onEmit} and
 * {@code onFallbackSuccess}, or {@code onFallbackError};
 * <li>the end: {@code onSuccess} when the caller gets a value, or {@code onError} with the
 * {@link FailureType} when it gets an exception (not for a bad request's fallback, which never runs).
 * </ul>
 * The deprecated methods are called beside their successors, as in 1.5.18. A value or exception a
 * method returns replaces the one it was given. A hook that throws is logged and ignored, except
 * {@code onStart} (the command then fails at once, without fallback) and the run's start hooks (the
 * run then counts as failed with that exception).
 */
public abstract class HystrixCommandExecutionHook {

    /** The command starts (not called for a request-cache hit). */
    public <T> void onStart(HystrixInvokable<T> commandInstance) {
    }

    /** A value is about to reach the caller, from the run or the fallback; returns the value to give. */
    public <T> T onEmit(HystrixInvokable<T> commandInstance, T value) {
        return value;
    }

    /** The command ends with an exception; returns the exception to put in its place. */
    public <T> Exception onError(HystrixInvokable<T> commandInstance, FailureType failureType, Exception e) {
        return e;
    }

    /** The command ends with a value. */
    public <T> void onSuccess(HystrixInvokable<T> commandInstance) {
    }

    /** The run begins on a pool thread (THREAD isolation). */
    public <T> void onThreadStart(HystrixInvokable<T> commandInstance) {
    }

    /** The run's time on its pool thread is over (THREAD isolation): it ended, or timed out. */
    public <T> void onThreadComplete(HystrixInvokable<T> commandInstance) {
    }

    /** The user's run (or construct) is about to be called. */
    public <T> void onExecutionStart(HystrixInvokable<T> commandInstance) {
    }

    /** The run produced a value; returns the value to go on with. */
    public <T> T onExecutionEmit(HystrixInvokable<T> commandInstance, T value) {
        return value;
    }

    /** The run threw; returns the exception to go on with. */
    public <T> Exception onExecutionError(HystrixInvokable<T> commandInstance, Exception e) {
        return e;
    }

    /** The run completed with its value. */
    public <T> void onExecutionSuccess(HystrixInvokable<T> commandInstance) {
    }

    /** The user-defined fallback is about to be called. */
    public <T> void onFallbackStart(HystrixInvokable<T> commandInstance) {
    }

    /** The fallback produced a value; returns the value to go on with. */
    public <T> T onFallbackEmit(HystrixInvokable<T> commandInstance, T value) {
        return value;
    }

    /** The user-defined fallback threw; returns the exception to go on with. */
    public <T> Exception onFallbackError(HystrixInvokable<T> commandInstance, Exception e) {
        return e;
    }

    /** The fallback completed with its value. */
    public <T> void onFallbackSuccess(HystrixInvokable<T> commandInstance) {
    }

    /** The value comes from the request cache: the only method called for such a command. */
    public <T> void onCacheHit(HystrixInvokable<T> commandInstance) {
    }

    /** The caller unsubscribed (or cancelled) before the command ended. */
    public <T> void onUnsubscribe(HystrixInvokable<T> commandInstance) {
    }

    /** @deprecated use {@link #onExecutionStart(HystrixInvokable)} */
    @Deprecated
    public <T> void onRunStart(HystrixCommand<T> commandInstance) {
    }

    /** @deprecated use {@link #onExecutionStart(HystrixInvokable)} */
    @Deprecated
    public <T> void onRunStart(HystrixInvokable<T> commandInstance) {
    }

    /** @deprecated use {@link #onExecutionEmit(HystrixInvokable, Object)} */
    @Deprecated
    public <T> T onRunSuccess(HystrixCommand<T> commandInstance, T response) {
        return response;
    }

    /** @deprecated use {@link #onExecutionEmit(HystrixInvokable, Object)} */
    @Deprecated
    public <T> T onRunSuccess(HystrixInvokable<T> commandInstance, T response) {
        return response;
    }

    /** @deprecated use {@link #onExecutionError(HystrixInvokable, Exception)} */
    @Deprecated
    public <T> Exception onRunError(HystrixCommand<T> commandInstance, Exception e) {
        return e;
    }

    /** @deprecated use {@link #onExecutionError(HystrixInvokable, Exception)} */
    @Deprecated
    public <T> Exception onRunError(HystrixInvokable<T> commandInstance, Exception e) {
        return e;
    }

    /** @deprecated use {@link #onFallbackStart(HystrixInvokable)} */
    @Deprecated
    public <T> void onFallbackStart(HystrixCommand<T> commandInstance) {
    }

    /** @deprecated use {@link #onFallbackEmit(HystrixInvokable, Object)} */
    @Deprecated
    public <T> T onFallbackSuccess(HystrixCommand<T> commandInstance, T fallbackResponse) {
        return fallbackResponse;
    }

    /** @deprecated use {@link #onFallbackEmit(HystrixInvokable, Object)} */
    @Deprecated
    public <T> T onFallbackSuccess(HystrixInvokable<T> commandInstance, T fallbackResponse) {
        return fallbackResponse;
    }

    /** @deprecated use {@link #onFallbackError(HystrixInvokable, Exception)} */
    @Deprecated
    public <T> Exception onFallbackError(HystrixCommand<T> commandInstance, Exception e) {
        return e;
    }

    /** @deprecated use {@link #onStart(HystrixInvokable)} */
    @Deprecated
    public <T> void onStart(HystrixCommand<T> commandInstance) {
    }

    /** @deprecated use {@link #onEmit(HystrixInvokable, Object)} */
    @Deprecated
    public <T> T onComplete(HystrixCommand<T> commandInstance, T response) {
        return response;
    }

    /** @deprecated use {@link #onEmit(HystrixInvokable, Object)} */
    @Deprecated
    public <T> T onComplete(HystrixInvokable<T> commandInstance, T response) {
        return response;
    }

    /** @deprecated use {@link #onError(HystrixInvokable, FailureType, Exception)} */
    @Deprecated
    public <T> Exception onError(HystrixCommand<T> commandInstance, FailureType failureType, Exception e) {
        return e;
    }

    /** @deprecated use {@link #onThreadStart(HystrixInvokable)} */
    @Deprecated
    public <T> void onThreadStart(HystrixCommand<T> commandInstance) {
    }

    /** @deprecated use {@link #onThreadComplete(HystrixInvokable)} */
    @Deprecated
    public <T> void onThreadComplete(HystrixCommand<T> commandInstance) {
    }
}
