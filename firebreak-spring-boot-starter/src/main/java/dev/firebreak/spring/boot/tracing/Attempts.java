package dev.firebreak.spring.boot.tracing;

import dev.firebreak.context.ContextCarrier;
import io.micrometer.observation.Observation;

/**
 * The attempt a policy is starting on this thread, so the attempt's guard observation carries its
 * number. Read only while the policy's observation is the current one, so a guarded call nested in the
 * attempt's own code is not taken for an attempt.
 */
final class Attempts {

    private record Attempt(Observation policy, int number) {
    }

    private static final ThreadLocal<Attempt> STARTING = new ThreadLocal<>();

    private Attempts() {
    }

    /** Marks attempt {@code number} of {@code policy} as starting here, until the scope is closed. */
    static ContextCarrier.Scope mark(Observation policy, int number) {
        Attempt previous = STARTING.get();
        STARTING.set(new Attempt(policy, number));
        return previous == null ? STARTING::remove : () -> STARTING.set(previous);
    }

    /** The number of the attempt being started if {@code current} is its policy's observation, else 0. */
    static int startingUnder(Observation current) {
        Attempt attempt = STARTING.get();
        return attempt != null && current != null && attempt.policy() == current ? attempt.number() : 0;
    }
}
