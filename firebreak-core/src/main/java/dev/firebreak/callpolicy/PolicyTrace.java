package dev.firebreak.callpolicy;

import dev.firebreak.GuardRegistry;
import dev.firebreak.context.CallTracer;
import dev.firebreak.context.ContextCarrier;
import dev.firebreak.context.PolicyObservation;
import dev.firebreak.event.ListenerFailures;

/**
 * One call of a call policy (retry, hedge, collapsed request, batch) as the registry's
 * {@link CallTracer} observes it, told under the listener rule: a throwing tracer is caught, reported
 * once and never breaks the call. For the policies' implementations: every static method accepts null
 * (the call is not observed: no tracer installed, or it declined) and then does nothing.
 */
public final class PolicyTrace {

    private final CallTracer tracer;
    private final PolicyObservation observation;

    private PolicyTrace(CallTracer tracer, PolicyObservation observation) {
        this.tracer = tracer;
        this.observation = observation;
    }

    /**
     * Starts observing a call of policy {@code name} of {@code kind} on {@code guard}, on the caller's
     * thread; null if {@code registry} has no tracer, or it declined or threw.
     */
    public static PolicyTrace start(GuardRegistry registry, String kind, String name, String guard) {
        CallTracer tracer = registry.tracer();
        if (tracer == null) {
            return null;
        }
        PolicyObservation observation;
        try {
            observation = tracer.startPolicy(kind, name, guard);
        } catch (Throwable thrown) {
            ListenerFailures.report(tracer, "a call of " + kind + " '" + name + "' starting", thrown);
            return null;
        }
        return observation == null ? null : new PolicyTrace(tracer, observation);
    }

    /** The scope in which attempt {@code number} starts (see {@link PolicyObservation#attempt}); never throws on close. */
    public static ContextCarrier.Scope attempt(PolicyTrace trace, int number) {
        if (trace == null) {
            return ContextCarrier.Scope.NOOP;
        }
        ContextCarrier.Scope scope;
        try {
            scope = trace.observation.attempt(number);
        } catch (Throwable thrown) {
            trace.report("opening attempt " + number, thrown);
            return ContextCarrier.Scope.NOOP;
        }
        if (scope == null || scope == ContextCarrier.Scope.NOOP) {
            return ContextCarrier.Scope.NOOP;
        }
        return () -> {
            try {
                scope.close();
            } catch (Throwable thrown) {
                trace.report("closing attempt " + number, thrown);
            }
        };
    }

    /** The caller's context on this thread (see {@link PolicyObservation#restoreCaller()}); never throws on close. */
    public static ContextCarrier.Scope restoreCaller(PolicyTrace trace) {
        if (trace == null) {
            return ContextCarrier.Scope.NOOP;
        }
        ContextCarrier.Scope scope;
        try {
            scope = trace.observation.restoreCaller();
        } catch (Throwable thrown) {
            trace.report("restoring its caller's context", thrown);
            return ContextCarrier.Scope.NOOP;
        }
        return scope == null || scope == ContextCarrier.Scope.NOOP ? ContextCarrier.Scope.NOOP : () -> {
            try {
                scope.close();
            } catch (Throwable thrown) {
                trace.report("closing its caller's context", thrown);
            }
        };
    }

    /** {@code carried} that also restores {@code trace}'s caller context (itself if {@code trace} is null). */
    public static ContextCarrier.Snapshot withCaller(ContextCarrier.Snapshot carried, PolicyTrace trace) {
        if (trace == null) {
            return carried;
        }
        return () -> {
            ContextCarrier.Scope outer = carried.restore();
            ContextCarrier.Scope caller = restoreCaller(trace);
            return () -> {
                try {
                    caller.close();
                } finally {
                    outer.close();
                }
            };
        };
    }

    /** A decision of the policy (see {@link PolicyObservation#event}). */
    public static void event(PolicyTrace trace, String name, long nanos) {
        if (trace != null) {
            try {
                trace.observation.event(name, nanos);
            } catch (Throwable thrown) {
                trace.report("event " + name, thrown);
            }
        }
    }

    /** {@code trace} was served by {@code other} (see {@link PolicyObservation#link}); nothing if either is null. */
    public static void link(PolicyTrace trace, PolicyTrace other) {
        if (trace != null && other != null) {
            try {
                trace.observation.link(other.observation);
            } catch (Throwable thrown) {
                trace.report("a link", thrown);
            }
        }
    }

    /** The policy call ended (see {@link PolicyObservation#stop}). */
    public static void stop(PolicyTrace trace, long events, int attempts, Throwable failure) {
        if (trace != null) {
            try {
                trace.observation.stop(events, attempts, failure);
            } catch (Throwable thrown) {
                trace.report("its end", thrown);
            }
        }
    }

    private void report(String what, Throwable thrown) {
        ListenerFailures.report(tracer, "a traced policy call, " + what, thrown);
    }
}
