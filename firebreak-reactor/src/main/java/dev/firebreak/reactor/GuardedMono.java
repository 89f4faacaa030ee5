package dev.firebreak.reactor;

import dev.firebreak.Fallback;
import dev.firebreak.Guard;
import dev.firebreak.GuardException;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import reactor.core.publisher.Mono;

/**
 * A {@link Mono} run under a {@link Guard}: each subscription is one guarded call, exactly as
 * {@link Guard#submitAsync} runs a {@code CompletionStage}.
 *
 * <pre>{@code
 * Mono<Quote> quote = GuardedMono.of(quotes, webClient.get().uri("/quote").retrieve().bodyToMono(Quote.class),
 *         failure -> Quote.unavailable());
 * // or, in a chain:  ....bodyToMono(Quote.class).transform(GuardedMono.operator(quotes, failure -> Quote.unavailable()))
 * }</pre>
 *
 * <ul>
 *   <li>Nothing happens before a subscription; every subscription asks the breaker and the isolation
 *       for a permit of its own and subscribes to the source only when admitted (a short-circuited or
 *       rejected call never subscribes).</li>
 *   <li>The isolation permit is held until the source signals its value, completes empty or fails.</li>
 *   <li>The timeout runs from the subscription to the source's signal; at the deadline the subscriber
 *       gets the fallback's value (or a {@code GuardTimeoutException}) and, when
 *       {@code interruptOnTimeout} is on (the default), the source's subscription is cancelled.</li>
 *   <li>Cancelling the subscription reports CANCELLED (no fallback) and always cancels the source's
 *       subscription, which gives the permit back.</li>
 *   <li>A source that completes empty is a SUCCESS with no value: the guarded Mono completes empty. A
 *       fallback returning {@code null} does the same.</li>
 * </ul>
 */
public final class GuardedMono {

    private GuardedMono() {
    }

    /** {@code source} under {@code guard}, with no fallback: failures arrive as {@code GuardException}s. */
    public static <T> Mono<T> of(Guard guard, Mono<T> source) {
        return of(guard, source, null);
    }

    /** {@code source} under {@code guard}; {@code fallback} (may be null) answers failures, timeouts, refusals. */
    public static <T> Mono<T> of(Guard guard, Mono<T> source, Fallback<T> fallback) {
        Objects.requireNonNull(guard, "guard");
        Objects.requireNonNull(source, "source");
        return Mono.defer(() -> subscribeUnder(guard, source, fallback));
    }

    /**
     * {@code source} under {@code guard}, answered by a reactive fallback: the guard records the fallback
     * as chosen (FALLBACK_SUCCESS) when it asks for it, and the subscriber then gets what the Mono that
     * {@code fallback} returns signals (a value, empty, or its own error, which the guard does not record).
     */
    public static <T> Mono<T> withFallback(Guard guard, Mono<T> source,
            Function<? super GuardException, ? extends Mono<? extends T>> fallback) {
        Objects.requireNonNull(guard, "guard");
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(fallback, "fallback");
        Mono<Object> values = source.map(value -> value);
        return Mono.defer(() -> subscribeUnder(guard, values, FellBack::new)).flatMap(value -> {
            if (value instanceof FellBack fellBack) {
                return fallback.apply(fellBack.failure());
            }
            @SuppressWarnings("unchecked")
            T result = (T) value;
            return Mono.just(result);
        });
    }

    /** The marker a reactive fallback's guard returns: the subscriber then switches to the fallback's Mono. */
    private record FellBack(GuardException failure) {
    }

    /** The same, as an operator for {@code mono.transform(GuardedMono.operator(guard, fallback))}. */
    public static <T> Function<Mono<T>, Mono<T>> operator(Guard guard, Fallback<T> fallback) {
        Objects.requireNonNull(guard, "guard");
        return source -> of(guard, source, fallback);
    }

    private static <T> Mono<T> subscribeUnder(Guard guard, Mono<T> source, Fallback<T> fallback) {
        AtomicReference<CompletableFuture<T>> attempt = new AtomicReference<>();
        CompletableFuture<T> outcome = guard.submitAsync(() -> {
            CompletableFuture<T> subscribed = source.toFuture(); // cancelling it cancels the subscription
            attempt.set(subscribed);
            return subscribed;
        }, fallback);
        return Mono.fromFuture(outcome, true).doOnCancel(() -> {
            // First the call's outcome (CANCELLED), then the source: its end would otherwise be a FAILURE.
            outcome.cancel(false);
            CompletableFuture<T> subscribed = attempt.get();
            if (subscribed != null) {
                subscribed.cancel(true);
            }
        });
    }
}
