package dev.firebreak.opentelemetry;

import dev.firebreak.context.ContextCarrier;
import dev.firebreak.context.PolicyObservation;
import io.opentelemetry.context.Context;

/**
 * A call policy's call under a parent that is not sampled: no span, only the caller's context, made
 * current where its attempts start (so theirs carry it too) and where its caller's future completes.
 */
final class CallerPolicyContext implements PolicyObservation {

    private final Context caller;

    CallerPolicyContext(Context caller) {
        this.caller = caller;
    }

    @Override
    public ContextCarrier.Scope attempt(int number) {
        return CallerContext.attach(caller);
    }

    @Override
    public ContextCarrier.Scope restoreCaller() {
        return CallerContext.attach(caller);
    }

    @Override
    public void event(String name, long nanos) {
    }

    @Override
    public void link(PolicyObservation other) {
    }

    @Override
    public void stop(long events, int attempts, Throwable failure) {
    }
}
