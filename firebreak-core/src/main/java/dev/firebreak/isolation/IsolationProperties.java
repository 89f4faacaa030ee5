package dev.firebreak.isolation;

import static dev.firebreak.config.PropertyDefinition.Flags.FIREBREAK_LIVE;
import static dev.firebreak.config.PropertyDefinition.Flags.FIXED;
import static dev.firebreak.config.PropertyDefinition.Flags.LIVE;
import static dev.firebreak.config.PropertyDefinition.ofBoolean;
import static dev.firebreak.config.PropertyDefinition.ofEnum;
import static dev.firebreak.config.PropertyDefinition.ofInt;
import static dev.firebreak.config.PropertyDefinition.ofMillis;

import dev.firebreak.config.PropertyDefinition;
import dev.firebreak.isolation.IsolationConfig.Builder;
import java.util.List;

/** The isolation's property table ({@code execution.isolation.*} but the timeout's): one row per {@link IsolationConfig} component. */
final class IsolationProperties {

    static final PropertyDefinition<IsolationConfig, Builder> STRATEGY = ofEnum("execution.isolation.strategy", "strategy", FIXED,
            "THREAD (a pool), SEMAPHORE (the caller's thread) or VIRTUAL (a virtual thread per call)", IsolationStrategy.class, IsolationConfig::strategy, (b, v) -> b.strategy = v);
    static final PropertyDefinition<IsolationConfig, Builder> INTERRUPT_ON_CANCEL = ofBoolean("execution.isolation.thread.interruptOnCancel", "interruptOnCancel", LIVE,
            "interrupt a call its caller cancelled", IsolationConfig::interruptOnCancel, (b, v) -> b.interruptOnCancel = v);
    static final PropertyDefinition<IsolationConfig, Builder> SEMAPHORE_MAX_CONCURRENT_REQUESTS = ofInt("execution.isolation.semaphore.maxConcurrentRequests", "semaphoreMaxConcurrentRequests", LIVE,
            "calls at once under SEMAPHORE isolation", IsolationConfig::semaphoreMaxConcurrentRequests, (b, v) -> b.semaphoreMaxConcurrentRequests = v);
    static final PropertyDefinition<IsolationConfig, Builder> VIRTUAL_MAX_CONCURRENT_REQUESTS = ofInt("execution.isolation.virtual.maxConcurrentRequests", "virtualMaxConcurrentRequests", FIREBREAK_LIVE,
            "calls at once under VIRTUAL isolation", IsolationConfig::virtualMaxConcurrentRequests, (b, v) -> b.virtualMaxConcurrentRequests = v);

    static final PropertyDefinition<IsolationConfig, Builder> SEMAPHORE_MAX_WAIT = ofMillis("execution.isolation.semaphore.maxWaitInMilliseconds", "semaphoreMaxWait", FIREBREAK_LIVE,
            "the longest a call waits for a SEMAPHORE permit; 0 refuses at once", IsolationConfig::semaphoreMaxWait, (b, v) -> b.semaphoreMaxWait = v);
    static final PropertyDefinition<IsolationConfig, Builder> VIRTUAL_MAX_WAIT = ofMillis("execution.isolation.virtual.maxWaitInMilliseconds", "virtualMaxWait", FIREBREAK_LIVE,
            "the longest a call waits for a VIRTUAL permit; 0 refuses at once", IsolationConfig::virtualMaxWait, (b, v) -> b.virtualMaxWait = v);

    static final List<PropertyDefinition<IsolationConfig, Builder>> ROWS = List.of(STRATEGY, INTERRUPT_ON_CANCEL, SEMAPHORE_MAX_CONCURRENT_REQUESTS,
            VIRTUAL_MAX_CONCURRENT_REQUESTS, SEMAPHORE_MAX_WAIT, VIRTUAL_MAX_WAIT);

    private IsolationProperties() {
    }
}
