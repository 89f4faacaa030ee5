package dev.firebreak.timeout;

import static dev.firebreak.config.Check.positive;

import dev.firebreak.config.ConfigBuilder;
import dev.firebreak.config.PropertyDefinition;
import java.time.Duration;
import java.util.List;

/**
 * The timeout's immutable configuration: whether calls have a deadline, how long it is, and whether a
 * call past it is interrupted. Its keys and rules live in {@link TimeoutProperties}; the guard's
 * configuration holds one ({@code config.timeout()}).
 *
 * @param enabled {@code execution.timeout.enabled}, default true
 * @param timeout {@code execution.isolation.thread.timeoutInMilliseconds}, default 1 s
 * @param interruptOnTimeout {@code execution.isolation.thread.interruptOnTimeout}, default true
 */
public record TimeoutConfig(
        boolean enabled,
        Duration timeout,
        boolean interruptOnTimeout) {

    /** Validates every value, naming key, value and rule. */
    public TimeoutConfig {
        positive(TimeoutProperties.TIMEOUT.name(), timeout);
    }

    /** This record's property table, one row per component: the only place its keys live. */
    public static List<PropertyDefinition<TimeoutConfig, Builder>> properties() {
        return TimeoutProperties.ROWS;
    }

    /** The defaults. */
    public static TimeoutConfig defaults() {
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

    /** The deadline in nanoseconds. */
    public long timeoutNanos() {
        return timeout.toNanos();
    }

    /** Builds a {@link TimeoutConfig}; each setter records its property as set in code. */
    public static final class Builder extends ConfigBuilder<Builder> {
        boolean enabled = true;
        Duration timeout = Duration.ofMillis(1000);
        boolean interruptOnTimeout = true;

        private Builder() {
        }

        private Builder(TimeoutConfig c) {
            enabled = c.enabled;
            timeout = c.timeout;
            interruptOnTimeout = c.interruptOnTimeout;
        }

        /** {@code execution.timeout.enabled}. */
        public Builder enabled(boolean v) { return set(TimeoutProperties.ENABLED, v); }
        /** {@code execution.isolation.thread.timeoutInMilliseconds}. */
        public Builder timeout(Duration v) { return set(TimeoutProperties.TIMEOUT, v); }
        /** {@code execution.isolation.thread.interruptOnTimeout}. */
        public Builder interruptOnTimeout(boolean v) { return set(TimeoutProperties.INTERRUPT_ON_TIMEOUT, v); }

        /** Validates and builds. */
        public TimeoutConfig build() {
            return new TimeoutConfig(enabled, timeout, interruptOnTimeout);
        }
    }
}
