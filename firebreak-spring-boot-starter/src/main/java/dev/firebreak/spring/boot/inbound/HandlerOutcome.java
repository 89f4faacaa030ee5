package dev.firebreak.spring.boot.inbound;

import org.springframework.web.ErrorResponse;

/**
 * What the handler did inside a route's guard, so the filter tells a refusal (the handler never ran:
 * answered 429/503) from the handler's own answer, which always passes through unchanged.
 *
 * <p>How the guard counts the handler: an answer with a 5xx status, or an exception that is not a client
 * error, is a FAILURE (it feeds the breaker and the adaptive limit as a drop); anything else is a SUCCESS,
 * 4xx answers included. An exception is a client error when it is Spring's {@link ErrorResponse} (such as
 * {@code ResponseStatusException}) with a 4xx status. The exception itself reaches the container, or
 * WebFlux's exception handlers, as the handler threw it.
 */
final class HandlerOutcome {

    volatile boolean ran;
    volatile Throwable thrown;

    /** Whether {@code thrown} is a client's error, not the service's. */
    static boolean clientError(Throwable thrown) {
        return thrown instanceof ErrorResponse response && response.getStatusCode().is4xxClientError();
    }

    /** Whether an answer with {@code status} is the service's failure. */
    static boolean serverError(int status) {
        return status >= 500;
    }

    /** What the guard sees of an answer with a 5xx status: a failure, without a stack (the status says it). */
    static final class ServerErrorStatus extends RuntimeException {

        private static final long serialVersionUID = 1L;

        ServerErrorStatus(int status) {
            super("the handler answered " + status, null, false, false);
        }
    }
}
