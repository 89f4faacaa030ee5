package dev.firebreak.opentelemetry;

import dev.firebreak.context.CallObservation;
import dev.firebreak.context.ContextCarrier;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.Scope;

/**
 * A guarded call whose span records nothing (not sampled, or a no-op API): it only carries the
 * caller's context to wherever the call's code runs, so that context is never lost on a hop.
 */
final class CallerContext implements CallObservation {

    private final Context caller;

    CallerContext(Context caller) {
        this.caller = caller;
    }

    /** Makes {@code context} current; nothing to undo (and nothing allocated) if it already is. */
    static ContextCarrier.Scope attach(Context context) {
        Scope scope = context.makeCurrent();
        return scope == Scope.noop() ? ContextCarrier.Scope.NOOP : scope::close;
    }

    @Override
    public ContextCarrier.Scope openScope() {
        return attach(caller);
    }

    @Override
    public ContextCarrier.Scope restoreCaller() {
        return attach(caller);
    }

    @Override
    public void waited(Wait what, long nanos) {
    }

    @Override
    public void stop(long events, Throwable cause, Throwable failure, long executionNanos, long totalNanos) {
    }
}
