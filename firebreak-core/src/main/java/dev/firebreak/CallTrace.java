package dev.firebreak;

import dev.firebreak.context.CallObservation;
import dev.firebreak.context.CallTracer;
import dev.firebreak.context.ContextCarrier;
import dev.firebreak.context.TracedGuard;
import dev.firebreak.event.ListenerFailures;
import dev.firebreak.time.Ticker;
import java.util.function.Supplier;

/**
 * One observed call: the registry's {@link CallTracer} and the call's {@link CallObservation}, told
 * under the listener rule (a throwing tracer is caught, reported once, and never breaks the call). Made
 * only when a tracer is installed; the pipeline holds null otherwise, and every static helper here
 * accepts null and then does nothing but run the work.
 */
final class CallTrace {

    private final CallTracer tracer;
    private final CallObservation observation;

    private CallTrace(CallTracer tracer, CallObservation observation) {
        this.tracer = tracer;
        this.observation = observation;
    }

    /** Starts observing a call of {@code guard} (on the caller's thread); null if the tracer declines or throws. */
    static CallTrace start(CallTracer tracer, TracedGuard guard, CallTracer.CallMode mode) {
        CallObservation observation;
        try {
            observation = tracer.startCall(guard, mode);
        } catch (Throwable thrown) {
            ListenerFailures.report(tracer, "a call of guard '" + guard.name() + "' starting", thrown);
            return null;
        }
        return observation == null ? null : new CallTrace(tracer, observation);
    }

    /** The call's scope on this thread (see {@link CallObservation#openScope()}); never throws on close. */
    ContextCarrier.Scope open() {
        try {
            return guarded(observation.openScope());
        } catch (Throwable thrown) {
            report("opening its scope", thrown);
            return ContextCarrier.Scope.NOOP;
        }
    }

    /** The caller's context on this thread (see {@link CallObservation#restoreCaller()}); never throws on close. */
    ContextCarrier.Scope restoreCaller() {
        try {
            return guarded(observation.restoreCaller());
        } catch (Throwable thrown) {
            report("restoring its caller's context", thrown);
            return ContextCarrier.Scope.NOOP;
        }
    }

    private ContextCarrier.Scope guarded(ContextCarrier.Scope scope) {
        if (scope == null || scope == ContextCarrier.Scope.NOOP) {
            return ContextCarrier.Scope.NOOP; // nothing to put back, nothing to guard: no allocation
        }
        return () -> {
            try {
                scope.close();
            } catch (Throwable thrown) {
                report("closing a scope", thrown);
            }
        };
    }

    /**
     * {@code carried} (the registry carrier's snapshot) that also restores the caller's context of
     * {@code trace}, so every place a hand-off call restores its submitter's context restores both.
     */
    static ContextCarrier.Snapshot withCaller(ContextCarrier.Snapshot carried, CallTrace trace) {
        if (trace == null) {
            return carried;
        }
        return () -> {
            ContextCarrier.Scope outer = carried.restore();
            ContextCarrier.Scope caller = trace.restoreCaller();
            return () -> {
                try {
                    caller.close();
                } finally {
                    outer.close();
                }
            };
        };
    }

    /** Runs the user's blocking {@code call} inside {@code trace}'s scope (directly if null). */
    static <T> T call(CallTrace trace, GuardedCall<T> call) throws Exception {
        if (trace == null) {
            return call.call();
        }
        try (ContextCarrier.Scope scope = trace.open()) {
            return call.call();
        }
    }

    /** Calls a {@code submitAsync} supplier inside {@code trace}'s scope (directly if null). */
    static <S> S get(CallTrace trace, Supplier<S> supplier) {
        if (trace == null) {
            return supplier.get();
        }
        try (ContextCarrier.Scope scope = trace.open()) {
            return supplier.get();
        }
    }

    /** Tells {@code trace} (if observed) of a wait from {@code startNanos} until now by {@code ticker}. */
    static void waitedSince(CallTrace trace, CallObservation.Wait what, Ticker ticker, long startNanos) {
        if (trace != null) {
            waited(trace, what, ticker.read() - startNanos);
        }
    }

    /** Tells {@code trace} of a wait of {@code nanos}, if above zero. */
    static void waited(CallTrace trace, CallObservation.Wait what, long nanos) {
        if (trace != null && nanos > 0) {
            try {
                trace.observation.waited(what, nanos);
            } catch (Throwable thrown) {
                trace.report("a wait", thrown);
            }
        }
    }

    /** Tells {@code trace} the call ended (see {@link CallObservation#stop}). */
    static void stop(CallTrace trace, long events, Throwable cause, Throwable failure, long executionNanos,
            long totalNanos) {
        if (trace != null) {
            try {
                trace.observation.stop(events, cause, failure, executionNanos, totalNanos);
            } catch (Throwable thrown) {
                trace.report("its end", thrown);
            }
        }
    }

    private void report(String what, Throwable thrown) {
        ListenerFailures.report(tracer, "a traced call, " + what, thrown);
    }
}
