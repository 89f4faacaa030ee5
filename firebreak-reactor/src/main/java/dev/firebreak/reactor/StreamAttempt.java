package dev.firebreak.reactor;

import dev.firebreak.Fallback;
import dev.firebreak.Guard;
import dev.firebreak.GuardException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import org.reactivestreams.Publisher;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * One subscription of a {@link GuardedFlux}: the guard watches {@link #streamEnd}, a stage that
 * completes when the source completes, fails or is cancelled; the guard's verdict then decides what
 * follows the elements already delivered.
 *
 * <p>Invariants: {@code streamEnd} completes at most once (first of: completion, error, cancel), and
 * the source is cancelled whenever the verdict comes before it ends, so the permit (released when
 * {@code streamEnd} completes) is given back exactly once in every case.
 */
final class StreamAttempt<T> {

    /** How the guarded call ended, as the guard sees it. */
    private enum Ending { COMPLETED, FELL_BACK }

    private final Guard guard;
    private final Flux<T> source;
    private final Function<? super GuardException, ? extends Publisher<? extends T>> fallback;
    private final CompletableFuture<Ending> streamEnd = new CompletableFuture<>();
    private final AtomicReference<GuardException> fallbackCause = new AtomicReference<>();

    StreamAttempt(Guard guard, Flux<T> source, Function<? super GuardException, ? extends Publisher<? extends T>> fallback) {
        this.guard = guard;
        this.source = source;
        this.fallback = fallback;
    }

    Flux<T> start() {
        boolean[] admitted = {false};
        Fallback<Ending> marker = fallback == null ? null : failure -> {
            fallbackCause.set(failure);
            return Ending.FELL_BACK;
        };
        CompletableFuture<Ending> outcome = guard.submitAsync(() -> {
            admitted[0] = true; // invoked on this thread, before submitAsync returns, or never
            return streamEnd;
        }, marker);
        Mono<Ending> verdict = Mono.fromFuture(outcome, true);
        Flux<T> afterVerdict = verdict.flatMapMany(this::continuation);
        if (!admitted[0]) {
            return afterVerdict; // refused: the source is never subscribed
        }
        Flux<T> untilVerdict = source
                .doOnComplete(() -> streamEnd.complete(Ending.COMPLETED))
                .onErrorResume(error -> {
                    streamEnd.completeExceptionally(error);
                    return Flux.empty();
                })
                .doOnCancel(() -> streamEnd.cancel(false))
                // A verdict before the source ends (a timeout) stops the source.
                .takeUntilOther(verdict.onErrorResume(error -> Mono.just(Ending.FELL_BACK)));
        return untilVerdict.concatWith(afterVerdict).doOnCancel(() -> {
            outcome.cancel(false); // CANCELLED first; the source's cancel then ends streamEnd
            streamEnd.cancel(false);
        });
    }

    private Publisher<? extends T> continuation(Ending ending) {
        if (ending == Ending.COMPLETED) {
            return Flux.empty();
        }
        return fallback.apply(fallbackCause.get());
    }
}
