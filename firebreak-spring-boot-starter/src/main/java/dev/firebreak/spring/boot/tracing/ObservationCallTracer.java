package dev.firebreak.spring.boot.tracing;

import dev.firebreak.context.CallObservation;
import dev.firebreak.context.CallTracer;
import dev.firebreak.context.PolicyObservation;
import dev.firebreak.context.TracedGuard;
import io.micrometer.observation.NullObservation;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;
import java.util.Objects;

/**
 * A {@link CallTracer} over Micrometer's Observation API: every guarded call is an {@link Observation}
 * named {@value ObservationKeys#CALL} (a span named after the guard, through Micrometer Tracing), a
 * child of the caller's current observation, current wherever the call's code and fallback run; every
 * retry, hedge, collapsed request and batch is one named {@value ObservationKeys#POLICY_CALL}, whose
 * attempts are its children. The Spring Boot starter installs one on the application's registry when
 * the application has an {@code ObservationRegistry}; without Boot,
 * {@code registry.useTracer(new ObservationCallTracer(observations))}.
 *
 * <p>Key values: low cardinality {@code firebreak.guard}, {@code firebreak.group},
 * {@code firebreak.isolation}, {@code firebreak.call.mode}, {@code firebreak.pool} (thread isolation),
 * {@code firebreak.limit.algorithm} (adaptive), and at the end {@code firebreak.outcome} (the execution
 * event: success, timeout, short_circuited, ...) and {@code firebreak.fallback} (its result, when a
 * fallback ran); high cardinality {@code firebreak.attempt} (an attempt of a policy), {@code error.type}.
 * A wait of a millisecond or more is an event: {@code firebreak.wait.admission} (a rate limiter, a full
 * isolation), {@code firebreak.wait.queue} (a pool's queue).
 * A policy call: {@code firebreak.policy} (retry, hedge, collapser, batch), {@code firebreak.policy.name},
 * {@code firebreak.guard}, {@code firebreak.outcome}, {@code firebreak.attempts}; its decisions are
 * events ({@code firebreak.retried}, {@code firebreak.hedged}, ...). An observation registry without
 * handlers, or an {@code ObservationPredicate} that refuses these names, leaves calls unobserved.
 */
public final class ObservationCallTracer implements CallTracer {

    private final ObservationRegistry registry;

    /** Observes calls through {@code registry}. */
    public ObservationCallTracer(ObservationRegistry registry) {
        this.registry = Objects.requireNonNull(registry, "registry");
    }

    @Override
    public CallObservation startCall(TracedGuard guard, CallMode mode) {
        if (registry.isNoop()) {
            return null;
        }
        Observation current = registry.getCurrentObservation();
        Observation observation = Observation.createNotStarted(ObservationKeys.CALL, registry);
        if (observation.isNoop()) {
            return null;
        }
        observation.parentObservation(current)
                .contextualName(guard.name())
                .lowCardinalityKeyValue(ObservationKeys.GUARD, guard.name())
                .lowCardinalityKeyValue(ObservationKeys.GROUP, guard.group())
                .lowCardinalityKeyValue(ObservationKeys.ISOLATION, guard.isolation())
                .lowCardinalityKeyValue(ObservationKeys.CALL_MODE, ObservationKeys.mode(mode));
        if ("thread".equals(guard.isolation())) {
            observation.lowCardinalityKeyValue(ObservationKeys.POOL, guard.pool());
        }
        String algorithm = guard.adaptiveLimit();
        if (algorithm != null) {
            observation.lowCardinalityKeyValue(ObservationKeys.LIMIT_ALGORITHM, algorithm);
        }
        int attempt = Attempts.startingUnder(current);
        if (attempt > 0) {
            observation.highCardinalityKeyValue(ObservationKeys.ATTEMPT, Integer.toString(attempt));
        }
        observation.start();
        return new GuardObservation(observation, new CallerContext(registry, current));
    }

    @Override
    public PolicyObservation startPolicy(String kind, String name, String guard) {
        if (registry.isNoop()) {
            return null;
        }
        boolean batch = "batch".equals(kind);
        Observation current = batch ? null : registry.getCurrentObservation();
        Observation observation = Observation.createNotStarted(ObservationKeys.POLICY_CALL, registry);
        if (observation.isNoop()) {
            return null;
        }
        observation.contextualName(batch ? name + " batch" : name)
                .lowCardinalityKeyValue(ObservationKeys.POLICY, kind)
                .lowCardinalityKeyValue(ObservationKeys.POLICY_NAME, name)
                .lowCardinalityKeyValue(ObservationKeys.GUARD, guard);
        if (batch) { // a batch serves many callers: it belongs to none, so it starts with nothing current
            try (Observation.Scope cleared = new NullObservation(registry).openScope()) {
                observation.parentObservation(null).start();
            }
        } else {
            observation.parentObservation(current).start();
        }
        return new PolicyCallObservation(observation, new CallerContext(registry, current));
    }

    @Override
    public String toString() {
        return "ObservationCallTracer[" + registry + "]";
    }
}
