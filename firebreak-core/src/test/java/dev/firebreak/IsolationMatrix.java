package dev.firebreak;

import dev.firebreak.event.EventType;
import dev.firebreak.isolation.IsolationStrategy;
import dev.firebreak.isolation.ThreadPoolConfig;
import dev.firebreak.support.CallMode;
import dev.firebreak.support.CallerKind;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.provider.Arguments;

/** The configurations one test body runs across: isolation × execution mode × caller thread kind. */
final class IsolationMatrix {

    private IsolationMatrix() {
    }

    /** Every isolation, every mode, both caller kinds. */
    static Stream<Arguments> all() {
        List<Arguments> cases = new ArrayList<>();
        for (IsolationStrategy isolation : IsolationStrategy.values()) {
            for (CallMode mode : CallMode.values()) {
                for (CallerKind caller : CallerKind.values()) {
                    cases.add(Arguments.of(isolation, mode, caller));
                }
            }
        }
        return cases.stream();
    }

    /** The isolation of {@code strategy} bounded at {@code bound} calls (a pool without queue for THREAD). */
    static Isolation bounded(IsolationStrategy strategy, int bound) {
        return switch (strategy) {
            case SEMAPHORE -> Isolation.semaphore(bound);
            case VIRTUAL -> Isolation.virtualThreads(bound);
            case THREAD -> Isolation.threadPool(ThreadPoolConfig.builder().coreSize(bound).build());
        };
    }

    /** The event a full isolation of {@code strategy} emits. */
    static EventType rejection(IsolationStrategy strategy) {
        return switch (strategy) {
            case SEMAPHORE -> EventType.SEMAPHORE_REJECTED;
            case VIRTUAL -> EventType.LIMIT_REJECTED;
            case THREAD -> EventType.THREAD_POOL_REJECTED;
        };
    }

    /** Whether the caller walks away at the deadline in this configuration (everything but SEMAPHORE's blocking modes). */
    static boolean callerWalksAway(IsolationStrategy strategy, CallMode mode) {
        return strategy != IsolationStrategy.SEMAPHORE || mode == CallMode.SUBMIT_ASYNC;
    }
}
