package com.netflix.hystrix;

import com.netflix.hystrix.exception.ExceptionNotWrappedByHystrix;
import com.netflix.hystrix.exception.HystrixBadRequestException;
import com.netflix.hystrix.exception.HystrixRuntimeException;
import com.netflix.hystrix.exception.HystrixRuntimeException.FailureType;
import com.netflix.hystrix.exception.HystrixTimeoutException;
import dev.firebreak.BadRequestException;
import dev.firebreak.GuardException;
import dev.firebreak.NoFallbackException;
import dev.firebreak.event.EventType;
import java.util.EnumSet;
import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.RejectedExecutionException;

/**
 * Turns what a Firebreak guard reports into what Hystrix reports: the events of the outcome and the
 * exception the caller receives ({@link HystrixRuntimeException} with its {@link FailureType}, or the
 * {@link HystrixBadRequestException} itself).
 */
final class CommandFailures {

    private CommandFailures() {
    }

    /** Carries a {@link HystrixBadRequestException} through the guard as Firebreak's bad request. */
    static final class BadRequestCarrier extends BadRequestException {
        private static final long serialVersionUID = 1L;

        BadRequestCarrier(HystrixBadRequestException original) {
            super(original.getMessage(), original);
        }

        HystrixBadRequestException original() {
            return (HystrixBadRequestException) getCause();
        }
    }

    /** Strips future wrappers. */
    static Throwable unwrap(Throwable thrown) {
        Throwable current = thrown;
        while ((current instanceof CompletionException || current instanceof ExecutionException) && current.getCause() != null) {
            current = current.getCause();
        }
        return current;
    }

    /** The events of a failed outcome. */
    static Set<HystrixEventType> eventsOf(Throwable failure) {
        EnumSet<HystrixEventType> events = EnumSet.noneOf(HystrixEventType.class);
        if (failure instanceof BadRequestCarrier || failure instanceof HystrixBadRequestException) {
            events.add(HystrixEventType.BAD_REQUEST);
        } else if (failure instanceof GuardException guard) {
            add(events, guard.event());
            add(events, guard.fallbackEvent());
        } else if (failure instanceof CancellationException) {
            events.add(HystrixEventType.CANCELLED);
        } else {
            events.add(HystrixEventType.FAILURE);
        }
        return events;
    }

    /** The events when the fallback gave the value after {@code cause}. */
    static Set<HystrixEventType> fallbackEvents(GuardException cause) {
        EnumSet<HystrixEventType> events = EnumSet.of(HystrixEventType.FALLBACK_SUCCESS);
        add(events, cause.event());
        return events;
    }

    private static void add(Set<HystrixEventType> events, EventType type) {
        HystrixEventType mapped = type == null ? null : HystrixEventType.from(type);
        if (mapped != null) {
            events.add(mapped);
        }
    }

    /** The cause Hystrix gives for an execution event that is not the command's own exception. */
    static Throwable causeOf(GuardException failure) {
        return switch (failure.event()) {
            case TIMEOUT -> new HystrixTimeoutException();
            case SHORT_CIRCUITED -> new RuntimeException("Hystrix circuit short-circuited and is OPEN");
            case THREAD_POOL_REJECTED -> new RejectedExecutionException(failure.getMessage());
            case SEMAPHORE_REJECTED, LIMIT_REJECTED, RATE_LIMITED -> new RuntimeException("could not acquire a semaphore for execution");
            default -> failure.getCause() == null ? failure : failure.getCause();
        };
    }

    /** What {@code getExecutionException()} reports for a failed outcome. */
    static Throwable causeOfCaller(Throwable failure) {
        if (failure instanceof BadRequestCarrier carrier) {
            return carrier.original();
        }
        return failure instanceof GuardException guard ? causeOf(guard) : failure;
    }

    /** Throws {@code thrown} unchanged, checked or not (the compiler is told it is a {@code T}). */
    @SuppressWarnings("unchecked")
    static <T extends Throwable> T sneaky(Throwable thrown) throws T {
        throw (T) thrown;
    }

    /**
     * Whether the fallback is skipped for {@code thrown}, as 1.5.18 skips it: an exception that reaches
     * the caller as it is, or an unrecoverable Error (a VirtualMachineError or LinkageError, wrapped).
     */
    static boolean skipsFallback(Throwable thrown) {
        if (notWrapped(thrown)) {
            return true;
        }
        Throwable cause = thrown == null ? null : thrown.getCause();
        return cause instanceof VirtualMachineError || cause instanceof LinkageError;
    }

    /** Whether {@code thrown} reaches the caller as it is ({@link ExceptionNotWrappedByHystrix}). */
    static boolean notWrapped(Throwable thrown) {
        return thrown instanceof ExceptionNotWrappedByHystrix;
    }

    /**
     * The exception the caller receives for {@code failure}: the {@link HystrixBadRequestException}, an
     * exception marked {@link ExceptionNotWrappedByHystrix}, or a {@link HystrixRuntimeException}. With
     * {@code hooks}, their {@code onError} sees the failure first and may replace the cause, as in 1.5.18.
     */
    @SuppressWarnings("rawtypes")
    static Throwable forCaller(Throwable failure, String commandKey, Class<? extends HystrixInvokable> commandClass,
            ExecutionHooks<?> hooks) {
        Throwable thrown = unwrap(failure);
        if (thrown instanceof BadRequestCarrier carrier) {
            HystrixBadRequestException original = carrier.original();
            Exception told = hooks == null ? original : hooks.onError(FailureType.BAD_REQUEST_EXCEPTION, original);
            return told instanceof HystrixBadRequestException decorated ? decorated : original;
        }
        if (thrown instanceof HystrixBadRequestException || thrown instanceof HystrixRuntimeException) {
            return thrown;
        }
        if (thrown instanceof CancellationException cancelled) {
            return cancelled;
        }
        if (!(thrown instanceof GuardException guard)) {
            return new HystrixRuntimeException(FailureType.COMMAND_EXCEPTION, commandClass,
                    commandKey + " failed while executing.", thrown, null);
        }
        EventType fallback = guard.fallbackEvent();
        if (fallback == EventType.FALLBACK_REJECTION) {
            return new HystrixRuntimeException(FailureType.REJECTED_SEMAPHORE_FALLBACK, commandClass,
                    commandKey + " fallback execution rejected.", causeOf(guard), null);
        }
        FailureType type = failureType(guard.event());
        Throwable cause = thrownCauseOf(guard);
        if (hooks != null && cause instanceof Exception exception) {
            cause = hooks.onError(type, exception);
        }
        if (notWrapped(cause)) {
            return cause;
        }
        String what = switch (guard.event()) {
            case TIMEOUT -> "timed-out";
            case SHORT_CIRCUITED -> "short-circuited";
            case THREAD_POOL_REJECTED -> "could not be queued for execution";
            case SEMAPHORE_REJECTED, LIMIT_REJECTED, RATE_LIMITED -> "could not acquire a semaphore for execution";
            default -> "failed";
        };
        String fallbackPart = fallback == EventType.FALLBACK_FAILURE ? "fallback failed"
                : fallback == EventType.FALLBACK_DISABLED ? "fallback disabled" : "no fallback available";
        Throwable fallbackFailure = guard.fallbackFailure();
        if (fallbackFailure instanceof NoFallbackException none) {
            fallbackFailure = none.getCause(); // the fallback's own UnsupportedOperationException, as 1.5.18 reports it
        }
        if (fallbackFailure == null && fallback == EventType.FALLBACK_MISSING) {
            // as 1.5.18, whose default getFallback() throws it: a command without a fallback reports this
            fallbackFailure = new UnsupportedOperationException("No fallback available.");
        }
        return new HystrixRuntimeException(type, commandClass, commandKey + " " + what + " and " + fallbackPart + ".", cause, fallbackFailure);
    }

    /**
     * The cause inside the {@code HystrixRuntimeException} a caller receives: as hystrix-core 1.5.18, a timeout's is a
     * plain {@link java.util.concurrent.TimeoutException} (while {@code getExecutionException()} and a fallback see
     * the {@link HystrixTimeoutException}); every other outcome's is {@link #causeOf}.
     */
    private static Throwable thrownCauseOf(GuardException guard) {
        return guard.event() == EventType.TIMEOUT ? new java.util.concurrent.TimeoutException() : causeOf(guard);
    }

    private static FailureType failureType(EventType event) {
        return switch (event) {
            case TIMEOUT -> FailureType.TIMEOUT;
            case SHORT_CIRCUITED -> FailureType.SHORTCIRCUIT;
            case THREAD_POOL_REJECTED -> FailureType.REJECTED_THREAD_EXECUTION;
            case SEMAPHORE_REJECTED, LIMIT_REJECTED, RATE_LIMITED -> FailureType.REJECTED_SEMAPHORE_EXECUTION;
            default -> FailureType.COMMAND_EXCEPTION;
        };
    }
}
