package com.netflix.hystrix;

import com.netflix.hystrix.exception.HystrixRuntimeException.FailureType;
import com.netflix.hystrix.strategy.executionhook.HystrixCommandExecutionHook;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Writes down each hook call: the plain name for the current methods, "!name" for the deprecated
 * HystrixInvokable overloads and "cmd:name" for the deprecated HystrixCommand overloads.
 */
class RecordingHook extends HystrixCommandExecutionHook {

    final List<String> calls = new CopyOnWriteArrayList<>();

    /** The calls so far, without the HystrixCommand overloads (checked on their own). */
    List<String> sequence() {
        return calls.stream().filter(c -> !c.startsWith("cmd:")).toList();
    }

    private void add(String call) {
        calls.add(call);
    }

    @Override public <T> void onStart(HystrixInvokable<T> c) { add("onStart"); }
    @Override public <T> T onEmit(HystrixInvokable<T> c, T value) { add("onEmit"); return value; }
    @Override public <T> Exception onError(HystrixInvokable<T> c, FailureType type, Exception e) { add("onError:" + type); return e; }
    @Override public <T> void onSuccess(HystrixInvokable<T> c) { add("onSuccess"); }
    @Override public <T> void onThreadStart(HystrixInvokable<T> c) { add("onThreadStart"); }
    @Override public <T> void onThreadComplete(HystrixInvokable<T> c) { add("onThreadComplete"); }
    @Override public <T> void onExecutionStart(HystrixInvokable<T> c) { add("onExecutionStart"); }
    @Override public <T> T onExecutionEmit(HystrixInvokable<T> c, T value) { add("onExecutionEmit"); return value; }
    @Override public <T> Exception onExecutionError(HystrixInvokable<T> c, Exception e) { add("onExecutionError"); return e; }
    @Override public <T> void onExecutionSuccess(HystrixInvokable<T> c) { add("onExecutionSuccess"); }
    @Override public <T> void onFallbackStart(HystrixInvokable<T> c) { add("onFallbackStart"); }
    @Override public <T> T onFallbackEmit(HystrixInvokable<T> c, T value) { add("onFallbackEmit"); return value; }
    @Override public <T> Exception onFallbackError(HystrixInvokable<T> c, Exception e) { add("onFallbackError"); return e; }
    @Override public <T> void onFallbackSuccess(HystrixInvokable<T> c) { add("onFallbackSuccess"); }
    @Override public <T> void onCacheHit(HystrixInvokable<T> c) { add("onCacheHit"); }
    @Override public <T> void onUnsubscribe(HystrixInvokable<T> c) { add("onUnsubscribe"); }

    @Override @Deprecated public <T> void onRunStart(HystrixInvokable<T> c) { add("!onRunStart"); }
    @Override @Deprecated public <T> T onRunSuccess(HystrixInvokable<T> c, T value) { add("!onRunSuccess"); return value; }
    @Override @Deprecated public <T> Exception onRunError(HystrixInvokable<T> c, Exception e) { add("!onRunError"); return e; }
    @Override @Deprecated public <T> T onFallbackSuccess(HystrixInvokable<T> c, T value) { add("!onFallbackSuccess"); return value; }
    @Override @Deprecated public <T> T onComplete(HystrixInvokable<T> c, T value) { add("!onComplete"); return value; }

    @Override @Deprecated public <T> void onStart(HystrixCommand<T> c) { add("cmd:onStart"); }
    @Override @Deprecated public <T> void onRunStart(HystrixCommand<T> c) { add("cmd:onRunStart"); }
    @Override @Deprecated public <T> T onRunSuccess(HystrixCommand<T> c, T value) { add("cmd:onRunSuccess"); return value; }
    @Override @Deprecated public <T> Exception onRunError(HystrixCommand<T> c, Exception e) { add("cmd:onRunError"); return e; }
    @Override @Deprecated public <T> void onFallbackStart(HystrixCommand<T> c) { add("cmd:onFallbackStart"); }
    @Override @Deprecated public <T> T onFallbackSuccess(HystrixCommand<T> c, T value) { add("cmd:onFallbackSuccess"); return value; }
    @Override @Deprecated public <T> Exception onFallbackError(HystrixCommand<T> c, Exception e) { add("cmd:onFallbackError"); return e; }
    @Override @Deprecated public <T> T onComplete(HystrixCommand<T> c, T value) { add("cmd:onComplete"); return value; }
    @Override @Deprecated public <T> Exception onError(HystrixCommand<T> c, FailureType type, Exception e) { add("cmd:onError"); return e; }
    @Override @Deprecated public <T> void onThreadStart(HystrixCommand<T> c) { add("cmd:onThreadStart"); }
    @Override @Deprecated public <T> void onThreadComplete(HystrixCommand<T> c) { add("cmd:onThreadComplete"); }
}
