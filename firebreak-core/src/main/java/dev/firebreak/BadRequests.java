package dev.firebreak;

import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;

/** Finds a {@link BadRequestException} in what a call threw, looking through future wrappers. */
final class BadRequests {

    private BadRequests() {
    }

    /** The bad request {@code thrown} is, or wraps through CompletionException/ExecutionException; else null. */
    static BadRequestException find(Throwable thrown) {
        Throwable current = thrown;
        for (int depth = 0; current != null && depth < 4; depth++) {
            if (current instanceof BadRequestException badRequest) {
                return badRequest;
            }
            if (!(current instanceof CompletionException || current instanceof ExecutionException)) {
                return null;
            }
            current = current.getCause();
        }
        return null;
    }

    /**
     * What a caller receives for a call whose exception was ignored or a bad request: the
     * {@link BadRequestException} if there is one, else the exception itself (unwrapped); a checked
     * exception, which a caller of {@code execute} cannot receive as such, wrapped in a BadRequestException.
     */
    static RuntimeException passThrough(Throwable thrown) {
        BadRequestException badRequest = find(thrown);
        if (badRequest != null) {
            return badRequest;
        }
        Throwable cause = unwrap(thrown);
        if (cause instanceof RuntimeException runtime) {
            return runtime;
        }
        if (cause instanceof Error error) {
            throw error;
        }
        return new BadRequestException("ignored by the guard's classification: " + cause, cause);
    }

    /** What a future completes with for a call whose exception was ignored or a bad request: that exception, unwrapped. */
    static Throwable forFuture(Throwable thrown) {
        BadRequestException badRequest = find(thrown);
        return badRequest != null ? badRequest : unwrap(thrown);
    }

    /** Strips CompletionException/ExecutionException wrappers that stages add around the real cause. */
    static Throwable unwrap(Throwable thrown) {
        Throwable current = thrown;
        while ((current instanceof CompletionException || current instanceof ExecutionException)
                && current.getCause() != null) {
            current = current.getCause();
        }
        return current;
    }
}
