package com.netflix.hystrix;

import dev.firebreak.event.EventType;

/**
 * What happened to a command, in Hystrix's order (the request log sorts events by it). Each maps to
 * one of Firebreak's {@link EventType}s except EMIT, FALLBACK_EMIT and COMMAND_MAX_ACTIVE, which
 * only the bridge's own records carry.
 */
public enum HystrixEventType {
    EMIT(false),
    SUCCESS(true),
    FAILURE(false),
    TIMEOUT(false),
    BAD_REQUEST(true),
    SHORT_CIRCUITED(false),
    THREAD_POOL_REJECTED(false),
    SEMAPHORE_REJECTED(false),
    FALLBACK_EMIT(false),
    FALLBACK_SUCCESS(true),
    FALLBACK_FAILURE(true),
    FALLBACK_REJECTION(true),
    FALLBACK_DISABLED(true),
    FALLBACK_MISSING(true),
    EXCEPTION_THROWN(false),
    RESPONSE_FROM_CACHE(true),
    CANCELLED(true),
    COLLAPSED(false),
    COMMAND_MAX_ACTIVE(false);

    private final boolean terminal;

    HystrixEventType(boolean terminal) {
        this.terminal = terminal;
    }

    /** Whether this event ends a command's execution. */
    public boolean isTerminal() {
        return terminal;
    }

    /** The Hystrix event for a Firebreak event (LIMIT_REJECTED and RATE_LIMITED read as SEMAPHORE_REJECTED); null for SLOW_CALL and INJECTED. */
    public static HystrixEventType from(EventType type) {
        return switch (type) {
            case SUCCESS -> SUCCESS;
            case FAILURE -> FAILURE;
            case TIMEOUT -> TIMEOUT;
            case BAD_REQUEST -> BAD_REQUEST;
            case SHORT_CIRCUITED -> SHORT_CIRCUITED;
            case THREAD_POOL_REJECTED -> THREAD_POOL_REJECTED;
            case SEMAPHORE_REJECTED, LIMIT_REJECTED, RATE_LIMITED -> SEMAPHORE_REJECTED;
            case CANCELLED -> CANCELLED;
            case RESPONSE_FROM_CACHE -> RESPONSE_FROM_CACHE;
            case FALLBACK_SUCCESS -> FALLBACK_SUCCESS;
            case FALLBACK_FAILURE -> FALLBACK_FAILURE;
            case FALLBACK_REJECTION -> FALLBACK_REJECTION;
            case FALLBACK_DISABLED -> FALLBACK_DISABLED;
            case FALLBACK_MISSING -> FALLBACK_MISSING;
            case EXCEPTION_THROWN -> EXCEPTION_THROWN;
            case COLLAPSED -> COLLAPSED;
            default -> null; // SLOW_CALL and any Firebreak-only marker
        };
    }

    /** The Firebreak event this one is counted as, or null for EMIT, FALLBACK_EMIT and COMMAND_MAX_ACTIVE. */
    public EventType toFirebreak() {
        return switch (this) {
            case EMIT, FALLBACK_EMIT, COMMAND_MAX_ACTIVE -> null;
            default -> EventType.valueOf(name());
        };
    }

    /** What a thread pool counts: a command that ran on one of its threads, or one it rejected. */
    public enum ThreadPool {
        EXECUTED, REJECTED;

        /** The thread-pool event of a rolling-number event; throws for the others. */
        public static ThreadPool from(com.netflix.hystrix.util.HystrixRollingNumberEvent event) {
            return switch (event) {
                case THREAD_EXECUTION -> EXECUTED;
                case THREAD_POOL_REJECTED -> REJECTED;
                default -> throw new IllegalArgumentException(
                        "HystrixEventType.ThreadPool.from: " + event + " is not a thread-pool event");
            };
        }

        /** The thread-pool event of a command event (an outcome of a run is EXECUTED), or null. */
        public static ThreadPool from(HystrixEventType eventType) {
            return switch (eventType) {
                case SUCCESS, FAILURE, TIMEOUT, BAD_REQUEST -> EXECUTED;
                case THREAD_POOL_REJECTED -> REJECTED;
                default -> null;
            };
        }
    }

    /** What a collapser counts: a batch it sent, a request it added to a batch, a request answered from the request cache. */
    public enum Collapser {
        BATCH_EXECUTED, ADDED_TO_BATCH, RESPONSE_FROM_CACHE;

        /** The collapser event of a rolling-number event; throws for the others. */
        public static Collapser from(com.netflix.hystrix.util.HystrixRollingNumberEvent event) {
            return switch (event) {
                case COLLAPSER_BATCH -> BATCH_EXECUTED;
                case COLLAPSER_REQUEST_BATCHED -> ADDED_TO_BATCH;
                case RESPONSE_FROM_CACHE -> RESPONSE_FROM_CACHE;
                default -> throw new IllegalArgumentException(
                        "HystrixEventType.Collapser.from: " + event + " is not a collapser event");
            };
        }
    }
}
