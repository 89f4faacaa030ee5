package dev.firebreak.internal;

import dev.firebreak.BadRequestException;
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
