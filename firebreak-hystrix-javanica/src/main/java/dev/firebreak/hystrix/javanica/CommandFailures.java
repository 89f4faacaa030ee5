package dev.firebreak.hystrix.javanica;

import com.netflix.hystrix.exception.HystrixBadRequestException;
import com.netflix.hystrix.exception.HystrixRuntimeException;
import com.netflix.hystrix.exception.HystrixRuntimeException.FailureType;
import com.netflix.hystrix.contrib.javanica.exception.CommandActionExecutionException;
import com.netflix.hystrix.contrib.javanica.exception.FallbackInvocationException;

/**
 * javanica's error rules, on both sides of the command. Inside: an ignored exception becomes a
 * {@link HystrixBadRequestException} (no fallback, not a failure); a throwable that is neither an
 * {@code Exception} nor an {@code Error} is carried in a {@link CommandActionExecutionException}.
 * Outside, the caller receives the root cause: the ignored exception itself; for a command exception,
 * the command's exception, or the last exception of its fallback chain when a fallback failed; a
 * {@link HystrixRuntimeException} for a timeout, short circuit or rejection; and always the
 * {@link HystrixRuntimeException} itself when {@code raiseHystrixExceptions = RUNTIME_EXCEPTION}.
 */
final class CommandFailures {

    private CommandFailures() {
    }

    /** What {@code run()} throws for what the method threw. */
    static Exception inside(CommandDefinition definition, Throwable thrown) {
        if (definition.ignores(thrown)) {
            return new HystrixBadRequestException(thrown.getMessage(), thrown);
        }
        if (thrown instanceof Exception exception) {
            return exception;
        }
        if (thrown instanceof Error error) {
            throw error;
        }
        return new CommandActionExecutionException(thrown);
    }

    /** What the fallback's command throws for what the fallback threw. */
    static FallbackInvocationException ofFallback(Throwable thrown) {
        Throwable cause = thrown;
        if (thrown instanceof CommandActionExecutionException || (thrown instanceof HystrixBadRequestException && thrown.getCause() != null)) {
            cause = thrown.getCause();
        }
        return new FallbackInvocationException(cause);
    }

    /** What the caller of the annotated method receives for what the command threw. */
    static Throwable forCaller(boolean raiseHystrixExceptions, Throwable thrown) {
        if (thrown instanceof HystrixBadRequestException badRequest) {
            return badRequest.getCause() != null ? badRequest.getCause() : badRequest;
        }
        if (thrown instanceof HystrixRuntimeException failure) {
            return raiseHystrixExceptions ? failure : rootCause(failure);
        }
        return thrown;
    }

    /** The exception a fallback receives: what the command threw, without this module's carriers. */
    static Throwable forFallback(Throwable executionException) {
        return executionException instanceof CommandActionExecutionException carrier ? carrier.getCause() : executionException;
    }

    private static Throwable rootCause(HystrixRuntimeException failure) {
        if (failure.getFailureType() != FailureType.COMMAND_EXCEPTION) {
            return failure;
        }
        Throwable cause = failure.getCause();
        if (failure.getFallbackException() instanceof FallbackInvocationException fallbackFailure) {
            cause = fallbackFailure.getCause();
            if (cause instanceof HystrixRuntimeException nested) {
                cause = rootCause(nested);
            }
        } else if (cause instanceof CommandActionExecutionException carrier) {
            cause = carrier.getCause();
        }
        return cause == null ? failure : cause;
    }
}
