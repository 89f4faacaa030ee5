package dev.firebreak.lab.experiment.overload;

import dev.firebreak.context.Criticality;
import java.util.concurrent.CompletableFuture;

/**
 * One variant's way to call the downstream, opened for one run on fresh parts. {@link #call()} never
 * blocks the sender for longer than it takes to hand the request over, and its future always
 * completes normally, with the request's {@link Outcome}.
 */
public interface OverloadCaller extends AutoCloseable {

    /** Sends one request through the variant's protection. */
    CompletableFuture<Outcome> call();

    /**
     * Sends one request at {@code level} (the shed experiment): the level is the call's {@link Criticality}
     * scope on the calling side and the request's {@link Criticality#HEADER} header.
     *
     * @throws UnsupportedOperationException if this caller does not class its requests
     */
    default CompletableFuture<Outcome> call(Criticality level) {
        throw new UnsupportedOperationException(getClass().getSimpleName() + " does not send a criticality");
    }

    /** The concurrency limit in force now (NaN when the variant has none). */
    double limit();

    @Override
    void close();
}
