package dev.firebreak.bench;

import dev.firebreak.Guard;
import dev.firebreak.GuardRegistry;
import dev.firebreak.Isolation;
import dev.firebreak.collapse.Collapser;
import dev.firebreak.collapse.CollapserRegistry;
import dev.firebreak.collapse.DispatchStrategy;
import dev.firebreak.collapse.ResponseMapping;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * Firebreak's collapser measured without its window: TIMER with a 60 s window and
 * {@code maxRequestsInBatch = n}, so the n-th request closes the batch and it leaves at once, on the
 * submitting thread. The batch call is the same as Hystrix's in {@link HystrixBatchSubject}: a function
 * that copies the arguments into a new list of answers ({@link #echo(List)}), run synchronously on the
 * submitting thread under SEMAPHORE isolation with the default breaker, timeout and metrics, and mapped
 * back in order. Firebreak refuses a blocking batch function under SEMAPHORE (it would run on the timer
 * or a caller's thread), so the function answers with an already-completed stage ({@code batchAsync}),
 * which completes on the same thread, as Hystrix's SEMAPHORE command does. (Until issue 17 this subject
 * answered with the argument list itself: no answer list was built, a saving Hystrix's side did not
 * get.) The registry runs on the system clock, so each request's own deadline is armed and disarmed as
 * in production.
 */
final class FirebreakBatchSubject implements BatchSubject {

    private final Collapser<Integer, Integer> collapser;
    private final Integer[] arguments;
    private final List<CompletableFuture<Integer>> futures;

    private FirebreakBatchSubject(int n) {
        GuardRegistry registry = GuardRegistry.builder().build();
        Guard guard = registry.guard("batch").isolation(Isolation.semaphore(10)).build();
        this.collapser = CollapserRegistry.of(registry).<Integer, Integer>collapser("bench")
                .through(guard)
                .batchAsync((List<Integer> args) -> CompletableFuture.completedFuture(echo(args)), ResponseMapping.inOrder())
                .configure(c -> c.dispatchStrategy(DispatchStrategy.TIMER).timerDelay(Duration.ofMillis(60_000))
                        .maxRequestsInBatch(n))
                .build();
        this.arguments = new Integer[n];
        for (int i = 0; i < n; i++) {
            arguments[i] = i;
        }
        this.futures = new ArrayList<>(n);
    }

    /** The batch function: answers each request with its argument, in a new list (as Hystrix's EchoCommand). */
    static List<Integer> echo(List<Integer> arguments) {
        List<Integer> answers = new ArrayList<>(arguments.size());
        for (Integer argument : arguments) {
            answers.add(argument);
        }
        return answers;
    }

    /** A verified subject for batches of {@code n}. */
    static BatchSubject create(int n) throws Exception {
        return BatchSubject.verified(new FirebreakBatchSubject(n), n, "firebreak collapser");
    }

    @Override
    public long submitBatch() {
        for (Integer argument : arguments) {
            futures.add(collapser.submit(argument));
        }
        long sum = 0;
        for (CompletableFuture<Integer> answer : futures) {
            if (!answer.isDone()) { // the full batch leaves on the n-th submit; waiting here would measure a window
                throw new IllegalStateException("a request is still waiting after its batch filled up");
            }
            sum += answer.join();
        }
        futures.clear();
        return sum;
    }
}
