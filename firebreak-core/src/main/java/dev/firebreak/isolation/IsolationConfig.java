package dev.firebreak.isolation;

import static dev.firebreak.config.Check.between;
import static dev.firebreak.config.Check.millis;
import static dev.firebreak.config.Check.notNegative;
import static dev.firebreak.config.Check.positive;
import static dev.firebreak.config.Check.present;

import dev.firebreak.config.ConfigBuilder;
import dev.firebreak.config.PropertyDefinition;
import java.time.Duration;
import java.util.List;

/**
 * The isolation's immutable configuration for one guard: its strategy (fixed at creation), the bound
 * of the strategies that count calls, and whether a cancelled call is interrupted. The pool's own
 * configuration is {@link ThreadPoolConfig}. Its keys and rules live in {@link IsolationProperties};
 * the guard's configuration holds one ({@code config.isolation()}).
 *
 * @param strategy {@code execution.isolation.strategy}, default THREAD
 * @param interruptOnCancel {@code execution.isolation.thread.interruptOnCancel}, default false
 * @param semaphoreMaxConcurrentRequests {@code execution.isolation.semaphore.maxConcurrentRequests}, default 10
 * @param virtualMaxConcurrentRequests {@code execution.isolation.virtual.maxConcurrentRequests}, default 100 (Firebreak)
 * @param semaphoreMaxWait {@code execution.isolation.semaphore.maxWaitInMilliseconds}: the longest a call
 *     waits for a permit of a full SEMAPHORE bulkhead, 0 to {@value #MAX_WAIT_MILLIS} ms, default 0 (refuse at once)
 * @param virtualMaxWait {@code execution.isolation.virtual.maxWaitInMilliseconds}: the same under VIRTUAL
 */
public record IsolationConfig(
        IsolationStrategy strategy,
        boolean interruptOnCancel,
        int semaphoreMaxConcurrentRequests,
        int virtualMaxConcurrentRequests,
        Duration semaphoreMaxWait,
        Duration virtualMaxWait) {

    /** The longest wait for a permit that may be set, in milliseconds. */
    public static final int MAX_WAIT_MILLIS = 60_000;

    /** Validates every value, naming key, value and rule. */
    public IsolationConfig {
        present(IsolationProperties.STRATEGY.name(), strategy);
        notNegative(IsolationProperties.SEMAPHORE_MAX_CONCURRENT_REQUESTS.name(), semaphoreMaxConcurrentRequests);
        positive(IsolationProperties.VIRTUAL_MAX_CONCURRENT_REQUESTS.name(), virtualMaxConcurrentRequests);
        between(IsolationProperties.SEMAPHORE_MAX_WAIT.name(), millis(IsolationProperties.SEMAPHORE_MAX_WAIT.name(),
                semaphoreMaxWait), 0, MAX_WAIT_MILLIS);
        between(IsolationProperties.VIRTUAL_MAX_WAIT.name(), millis(IsolationProperties.VIRTUAL_MAX_WAIT.name(),
                virtualMaxWait), 0, MAX_WAIT_MILLIS);
    }

    /** The configuration without waits for a permit (both 0: a full bulkhead refuses at once). */
    public IsolationConfig(IsolationStrategy strategy, boolean interruptOnCancel, int semaphoreMaxConcurrentRequests,
            int virtualMaxConcurrentRequests) {
        this(strategy, interruptOnCancel, semaphoreMaxConcurrentRequests, virtualMaxConcurrentRequests, Duration.ZERO,
                Duration.ZERO);
    }

    /** This record's property table, one row per component: the only place its keys live. */
    public static List<PropertyDefinition<IsolationConfig, Builder>> properties() {
        return IsolationProperties.ROWS;
    }

    /** The defaults. */
    public static IsolationConfig defaults() {
        return builder().build();
    }

    /** A builder starting from the defaults. */
    public static Builder builder() {
        return new Builder();
    }

    /** A builder starting from this configuration. */
    public Builder toBuilder() {
        return new Builder(this);
    }

    /** Builds a {@link IsolationConfig}; each setter records its property as set in code. */
    public static final class Builder extends ConfigBuilder<Builder> {
        IsolationStrategy strategy = IsolationStrategy.THREAD;
        boolean interruptOnCancel = false;
        int semaphoreMaxConcurrentRequests = 10;
        int virtualMaxConcurrentRequests = 100;
        Duration semaphoreMaxWait = Duration.ZERO;
        Duration virtualMaxWait = Duration.ZERO;

        private Builder() {
        }

        private Builder(IsolationConfig c) {
            strategy = c.strategy;
            interruptOnCancel = c.interruptOnCancel;
            semaphoreMaxConcurrentRequests = c.semaphoreMaxConcurrentRequests;
            virtualMaxConcurrentRequests = c.virtualMaxConcurrentRequests;
            semaphoreMaxWait = c.semaphoreMaxWait;
            virtualMaxWait = c.virtualMaxWait;
        }

        /** {@code execution.isolation.strategy}. */
        public Builder strategy(IsolationStrategy v) { return set(IsolationProperties.STRATEGY, v); }
        /** {@code execution.isolation.thread.interruptOnCancel}. */
        public Builder interruptOnCancel(boolean v) { return set(IsolationProperties.INTERRUPT_ON_CANCEL, v); }
        /** {@code execution.isolation.semaphore.maxConcurrentRequests}. */
        public Builder semaphoreMaxConcurrentRequests(int v) { return set(IsolationProperties.SEMAPHORE_MAX_CONCURRENT_REQUESTS, v); }
        /** {@code execution.isolation.virtual.maxConcurrentRequests}. */
        public Builder virtualMaxConcurrentRequests(int v) { return set(IsolationProperties.VIRTUAL_MAX_CONCURRENT_REQUESTS, v); }
        /** {@code execution.isolation.semaphore.maxWaitInMilliseconds}. */
        public Builder semaphoreMaxWait(Duration v) { return set(IsolationProperties.SEMAPHORE_MAX_WAIT, v); }
        /** {@code execution.isolation.virtual.maxWaitInMilliseconds}. */
        public Builder virtualMaxWait(Duration v) { return set(IsolationProperties.VIRTUAL_MAX_WAIT, v); }

        /** Validates and builds. */
        public IsolationConfig build() {
            return new IsolationConfig(strategy, interruptOnCancel, semaphoreMaxConcurrentRequests, virtualMaxConcurrentRequests,
                    semaphoreMaxWait, virtualMaxWait);
        }
    }
}
