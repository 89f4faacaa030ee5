package dev.firebreak.reactor;

import dev.firebreak.Guard;
import dev.firebreak.GuardException;
import java.util.Objects;
import java.util.function.Function;
import org.reactivestreams.Publisher;
import reactor.core.publisher.Flux;

/**
 * A {@link Flux} run under a {@link Guard}: each subscription is one guarded call that lasts for the
 * <b>whole stream</b>, from the subscription to the source's completion, error or cancellation.
 *
 * <pre>{@code
 * Flux<Price> prices = GuardedFlux.of(pricing, webClient.get().uri("/prices").retrieve().bodyToFlux(Price.class),
 *         failure -> Flux.just(Price.lastKnown()));
 * }</pre>
 *
 * <ul>
 *   <li>Elements pass downstream as they arrive, with the subscriber's demand (nothing is buffered).</li>
 *   <li>The isolation permit is held while the stream is open: a bulkhead of 10 allows 10 open
 *       streams.</li>
 *   <li>The timeout bounds the whole stream, not the first element: a stream still open at the
 *       deadline is a TIMEOUT, its source is cancelled, and the fallback's elements follow those
 *       already delivered. Use it for bounded streams (a response body), not for endless ones.</li>
 *   <li>A source that fails, before or after some elements, is a FAILURE: the subscriber gets the
 *       elements already delivered, then the fallback's elements (as Hystrix's observable commands
 *       resume with their fallback), or the {@code GuardException} when there is no fallback.</li>
 *   <li>A refused call (SHORT_CIRCUITED, rejected) never subscribes to the source and answers with
 *       the fallback's elements.</li>
 *   <li>Cancelling the subscription reports CANCELLED, cancels the source and gives the permit back.</li>
 * </ul>
 * The guard records the fallback as chosen when it asks for it (FALLBACK_SUCCESS); the fallback
 * publisher's own later failure reaches the subscriber but is not recorded by the guard.
 */
public final class GuardedFlux {

    private GuardedFlux() {
    }

    /** {@code source} under {@code guard}, with no fallback: failures end the stream with a {@code GuardException}. */
    public static <T> Flux<T> of(Guard guard, Flux<T> source) {
        return of(guard, source, null);
    }

    /**
     * {@code source} under {@code guard}; {@code fallback} (may be null) gives the elements that follow
     * a failure, timeout or refusal.
     */
    public static <T> Flux<T> of(Guard guard, Flux<T> source,
            Function<? super GuardException, ? extends Publisher<? extends T>> fallback) {
        Objects.requireNonNull(guard, "guard");
        Objects.requireNonNull(source, "source");
        return Flux.defer(() -> new StreamAttempt<T>(guard, source, fallback).start());
    }

    /** The same, as an operator for {@code flux.transform(GuardedFlux.operator(guard, fallback))}. */
    public static <T> Function<Flux<T>, Flux<T>> operator(Guard guard,
            Function<? super GuardException, ? extends Publisher<? extends T>> fallback) {
        Objects.requireNonNull(guard, "guard");
        return source -> of(guard, source, fallback);
    }
}
