package dev.firebreak.retry;

import dev.firebreak.callpolicy.CallPolicyRegistry;
import dev.firebreak.GuardRegistry;

/**
 * The retry policies of one {@link GuardRegistry}, by name ({@link CallPolicyRegistry}):
 * {@code RetryRegistry.of(registry).find("users")}.
 */
public final class RetryRegistry extends CallPolicyRegistry<Retry> {

    private RetryRegistry(GuardRegistry guards) {
        super(guards, "retry policy");
    }

    /** The retry registry of {@code guards}, made on first use. */
    public static RetryRegistry of(GuardRegistry guards) {
        return guards.extension(RetryRegistry.class, RetryRegistry::new);
    }

    void add(Retry retry) {
        register(retry);
    }
}
