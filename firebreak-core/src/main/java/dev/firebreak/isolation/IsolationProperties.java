package dev.firebreak.isolation;

import static dev.firebreak.config.PropertyDefinition.Flags.FIREBREAK_LIVE;
import static dev.firebreak.config.PropertyDefinition.Flags.FIXED;
import static dev.firebreak.config.PropertyDefinition.Flags.LIVE;
import static dev.firebreak.config.PropertyDefinition.ofBoolean;
import static dev.firebreak.config.PropertyDefinition.ofEnum;
import static dev.firebreak.config.PropertyDefinition.ofInt;

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

    static final List<PropertyDefinition<IsolationConfig, Builder>> ROWS = List.of(STRATEGY, INTERRUPT_ON_CANCEL, SEMAPHORE_MAX_CONCURRENT_REQUESTS, VIRTUAL_MAX_CONCURRENT_REQUESTS);

    private IsolationProperties() {
    }
}
