package dev.firebreak.timeout;

import static dev.firebreak.config.PropertyDefinition.Flags.LIVE;
import static dev.firebreak.config.PropertyDefinition.ofBoolean;
import static dev.firebreak.config.PropertyDefinition.ofMillis;

import dev.firebreak.config.PropertyDefinition;
import dev.firebreak.timeout.TimeoutConfig.Builder;
import java.util.List;

/** The timeout's property table ({@code execution.timeout.*}, {@code execution.isolation.thread.timeout*}): one row per {@link TimeoutConfig} component. */
final class TimeoutProperties {

    static final PropertyDefinition<TimeoutConfig, Builder> ENABLED = ofBoolean("execution.timeout.enabled", "enabled", LIVE,
            "whether calls have a deadline", TimeoutConfig::enabled, (b, v) -> b.enabled = v);
    static final PropertyDefinition<TimeoutConfig, Builder> TIMEOUT = ofMillis("execution.isolation.thread.timeoutInMilliseconds", "timeout", LIVE,
            "the deadline of a call", TimeoutConfig::timeout, (b, v) -> b.timeout = v);
    static final PropertyDefinition<TimeoutConfig, Builder> INTERRUPT_ON_TIMEOUT = ofBoolean("execution.isolation.thread.interruptOnTimeout", "interruptOnTimeout", LIVE,
            "interrupt a call that passed its deadline", TimeoutConfig::interruptOnTimeout, (b, v) -> b.interruptOnTimeout = v);

    static final List<PropertyDefinition<TimeoutConfig, Builder>> ROWS = List.of(ENABLED, TIMEOUT, INTERRUPT_ON_TIMEOUT);

    private TimeoutProperties() {
    }
}
