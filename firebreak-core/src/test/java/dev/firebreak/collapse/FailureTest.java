package dev.firebreak.collapse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.firebreak.CallFailedException;
import dev.firebreak.GuardTimeoutException;
import dev.firebreak.RejectedException;
import dev.firebreak.event.EventType;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.Test;

class FailureTest {

    private final CollapserFixture f = new CollapserFixture();

    private static Throwable failureOf(CompletableFuture<?> future) {
        // Timeouts and deadlines complete off the timer thread: wait (bounded) for the outcome to land.
        dev.firebreak.testkit.Await.until("the request completed", future::isDone);
        assertThat(future).isCompletedExceptionally();
        try {
            future.join();
            throw new AssertionError("not failed");
        } catch (CompletionException e) {
            return e.getCause();
        }
    }

    private List<CompletableFuture<String>> submitAndDispatch(Collapser<Integer, String> c, int... arguments) {
        List<CompletableFuture<String>> futures = new ArrayList<>();
        for (int argument : arguments) {
            futures.add(c.submit(argument));
        }
        f.advanceMillis(c.config().timerDelay().toMillis());
        return futures;
    }

    @Test
    void aFailedBatchFailsEveryRequestWithTheGuardsException() {
        Collapser<Integer, String> c = f.timer(10);
        List<CompletableFuture<String>> futures = submitAndDispatch(c, 1, 2, 3);
        f.downstream.call(0).response().completeExceptionally(new IOException("down"));
        for (CompletableFuture<String> future : futures) {
            assertThat(failureOf(future)).isInstanceOf(CallFailedException.class).hasRootCauseInstanceOf(IOException.class);
        }
        assertThat(c.metrics().cumulativeCount(EventType.FAILURE)).isEqualTo(3);
        assertThat(c.metrics().cumulativeCount(EventType.FALLBACK_MISSING)).isEqualTo(3);
    }

    @Test
    void anOpenBreakerShortCircuitsEveryRequestOfTheBatchToItsOwnFallback() throws Exception {
        CollapserFixture forced = new CollapserFixture(g -> g.configure(cfg -> cfg.breaker(cb -> cb.forceOpen(true))));
        Collapser<Integer, String> c = forced.builder("open").configure(cfg -> cfg.dispatchStrategy(DispatchStrategy.TIMER))
                .fallback((argument, failure) -> "fallback" + argument + ":" + failure.getClass().getSimpleName()).build();
        CompletableFuture<String> first = c.submit(1);
        CompletableFuture<String> second = c.submit(2);
        forced.advanceMillis(10);
        assertThat(forced.downstream.calls).as("the batch never reached the dependency").isEmpty();
        // the window's batch left on the timer, so its refusal's fallbacks run on a thread of their own
        assertThat(first.get(10, TimeUnit.SECONDS)).isEqualTo("fallback1:ShortCircuitedException");
        assertThat(second.get(10, TimeUnit.SECONDS)).isEqualTo("fallback2:ShortCircuitedException");
    }

    @Test
    void eachRequestGetsItsOwnFallback() {
        Collapser<Integer, String> c = f.builder("fb").configure(cfg -> cfg.dispatchStrategy(DispatchStrategy.TIMER))
                .fallback((argument, failure) -> "fallback" + argument).build();
        List<CompletableFuture<String>> futures = submitAndDispatch(c, 1, 2);
        f.downstream.call(0).response().completeExceptionally(new IOException("down"));
        assertThat(futures.get(0)).isCompletedWithValue("fallback1");
        assertThat(futures.get(1)).isCompletedWithValue("fallback2");
        assertThat(c.metrics().cumulativeCount(EventType.FALLBACK_SUCCESS)).isEqualTo(2);
    }

    @Test
    void aFallbackThatThrowsGivesBothCauses() {
        Collapser<Integer, String> c = f.builder("fbf").configure(cfg -> cfg.dispatchStrategy(DispatchStrategy.TIMER))
                .fallback((argument, failure) -> { throw new IllegalStateException("no fallback value"); }).build();
        List<CompletableFuture<String>> futures = submitAndDispatch(c, 1);
        f.downstream.call(0).response().completeExceptionally(new IOException("down"));
        Throwable failure = failureOf(futures.get(0));
        assertThat(failure).isInstanceOf(CollapseException.class);
        assertThat(((CollapseException) failure).reason()).isEqualTo(CollapseException.Reason.FALLBACK_FAILED);
        assertThat(failure.getCause()).isInstanceOf(CallFailedException.class);
        assertThat(failure.getSuppressed()).hasSize(1);
    }

    @Test
    void aBatchTimeoutReachesEveryRequest() {
        Collapser<Integer, String> c = f.builder("to").configure(cfg -> cfg.dispatchStrategy(DispatchStrategy.TIMER))
                .requestTimeout(Duration.ofSeconds(5)).build();
        List<CompletableFuture<String>> futures = submitAndDispatch(c, 1, 2);
        f.advanceMillis(1000); // the guard's timeout
        for (CompletableFuture<String> future : futures) {
            assertThat(failureOf(future)).isInstanceOf(GuardTimeoutException.class);
        }
        f.answer(0); // too late: ignored
        assertThat(c.metrics().cumulativeCount(EventType.TIMEOUT)).isEqualTo(2);
    }

    @Test
    void aRejectedBatchReachesEveryRequest() {
        CollapserFixture bounded = new CollapserFixture(g -> g.isolation(dev.firebreak.Isolation.virtualThreads(1)));
        Collapser<Integer, String> c = bounded.loadAware(2, 0); // k above the guard's bound: the second batch is rejected
        CompletableFuture<String> one = c.submit(1);
        CompletableFuture<String> two = c.submit(2);
        assertThat(failureOf(two)).isInstanceOf(RejectedException.class);
        bounded.answer(0);
        assertThat(one).isCompletedWithValue("v1");
    }

    @Test
    void aRequestMissingFromTheResponseFailsByName() {
        Collapser<Integer, String> c = f.timer(10);
        List<CompletableFuture<String>> futures = submitAndDispatch(c, 1, 2, 3);
        f.downstream.call(0).response().complete(List.of("v1", "v2"));
        assertThat(futures.get(0)).isCompletedWithValue("v1");
        assertThat(futures.get(1)).isCompletedWithValue("v2");
        Throwable missing = failureOf(futures.get(2));
        assertThat(missing).isInstanceOf(CollapseException.class).hasMessageContaining("request 3");
        assertThat(((CollapseException) missing).reason()).isEqualTo(CollapseException.Reason.MISSING_RESPONSE);
    }

    @Test
    void aResponseWithTooManyEntriesFailsTheWholeBatch() {
        Collapser<Integer, String> c = f.timer(10);
        List<CompletableFuture<String>> futures = submitAndDispatch(c, 1, 2);
        f.downstream.call(0).response().complete(List.of("v1", "v2", "v3"));
        for (CompletableFuture<String> future : futures) {
            Throwable failure = failureOf(future);
            assertThat(((CollapseException) failure).reason()).isEqualTo(CollapseException.Reason.RESPONSE_MISMATCH);
            assertThat(failure).hasMessageContaining("3 entries for 2 requests");
        }
    }

    @Test
    void byKeyMapsAReorderedResponseAndRejectsUnaskedKeys() {
        Downstream<Integer, List<String>> keyed = new Downstream<>();
        Collapser<Integer, String> c = CollapserRegistry.of(f.registry).<Integer, String>collapser("keyed").through(f.guard)
                .batchAsync(keyed, ResponseMapping.<Integer, Integer, String>byKey(a -> a, v -> Integer.parseInt(v.substring(1))))
                .configure(cfg -> cfg.dispatchStrategy(DispatchStrategy.TIMER)).build();
        CompletableFuture<String> one = c.submit(1);
        CompletableFuture<String> two = c.submit(2);
        CompletableFuture<String> twoAgain = c.submit(2);
        f.advanceMillis(10);
        keyed.call(0).response().complete(List.of("v2", "v1"));
        assertThat(one).isCompletedWithValue("v1");
        assertThat(two).isCompletedWithValue("v2");
        assertThat(twoAgain).isCompletedWithValue("v2");

        CompletableFuture<String> three = c.submit(3);
        f.advanceMillis(10);
        keyed.call(1).response().complete(List.of("v3", "v9"));
        assertThat(failureOf(three)).hasMessageContaining("nobody asked for: [9]");
    }

    @Test
    void byPositionSplitsLikeTheSeedsTakeAndDrop() {
        Downstream<Integer, String> letters = new Downstream<>();
        Collapser<Integer, String> c = CollapserRegistry.of(f.registry).<Integer, String>collapser("split").through(f.guard)
                .batchAsync(letters, ResponseMapping.<Integer, String, String>byPosition((all, counts) -> {
                    List<String> parts = new ArrayList<>();
                    int at = 0;
                    for (int count : counts) {
                        parts.add(all.substring(at, at + count));
                        at += count;
                    }
                    return parts;
                }))
                .configure(cfg -> cfg.dispatchStrategy(DispatchStrategy.TIMER)).build();
        CompletableFuture<String> two = c.submit(2);
        CompletableFuture<String> three = c.submit(3);
        f.advanceMillis(10);
        letters.call(0).response().complete("abcde");
        assertThat(two).isCompletedWithValue("ab");
        assertThat(three).isCompletedWithValue("cde");
    }

    @Test
    void aMappingThatThrowsMidwayAnswersNoOne() {
        Collapser<Integer, String> c = CollapserRegistry.of(f.registry).<Integer, String>collapser("throws").through(f.guard)
                .batchAsync(f.downstream, (List<String> response, List<Integer> arguments, Answers<String> answers) -> {
                    answers.answer(0, response.get(0));
                    throw new IllegalStateException("bad mapping");
                })
                .configure(cfg -> cfg.dispatchStrategy(DispatchStrategy.TIMER)).build();
        List<CompletableFuture<String>> futures = submitAndDispatch(c, 1, 2);
        f.answer(0);
        for (CompletableFuture<String> future : futures) {
            assertThat(((CollapseException) failureOf(future)).reason()).isEqualTo(CollapseException.Reason.MAPPING_FAILED);
        }
    }

    @Test
    void noRequestWaitsPastItsOwnDeadline() {
        Collapser<Integer, String> c = f.builder("deadline").configure(cfg -> cfg.dispatchStrategy(DispatchStrategy.LOAD_AWARE)
                .loadAwareMaxBatchesInFlight(1)).requestTimeout(Duration.ofMillis(50)).build();
        CompletableFuture<String> one = c.submit(1); // in flight
        CompletableFuture<String> two = c.submit(2); // waits for the slot
        f.advanceMillis(49);
        assertThat(two).isNotDone();
        f.advanceMillis(1);
        assertThat(((CollapseException) failureOf(one)).reason()).isEqualTo(CollapseException.Reason.TIMEOUT);
        assertThat(((CollapseException) failureOf(two)).reason()).isEqualTo(CollapseException.Reason.TIMEOUT);
        f.answer(0); // the slot frees; the timed-out request has left: no call for it
        assertThat(f.downstream.calls).hasSize(1);
        assertThat(c.metrics().batchesInFlight()).isZero();
    }

    @Test
    void theDefaultDeadlineLeavesRoomForOneWaitAndOneBatch() {
        Collapser<Integer, String> c = f.timer(10);
        assertThat(c.deadlineNanos()).isEqualTo(Duration.ofMillis(2 * 1000 + 10).plusNanos(20_000_000).toNanos()); // + the default linger (20 ms)
    }

    @Test
    void requestScopeOutsideAContextFailsAtOnce() {
        Collapser<Integer, String> c = f.builder("req").scope(Scope.REQUEST).build();
        assertThat(failureOf(c.submit(1))).isInstanceOf(IllegalStateException.class).hasMessageContaining("RequestContext");
    }

    @Test
    void executeThrowsTheFailureAsIs() {
        Collapser<Integer, String> c = f.loadAware(1, 0);
        f.downstream.calls.clear();
        Thread caller = Thread.ofVirtual().start(() -> assertThatThrownBy(() -> c.execute(1))
                .isInstanceOf(CallFailedException.class));
        while (f.downstream.calls.isEmpty()) {
            Thread.onSpinWait();
        }
        f.downstream.call(0).response().completeExceptionally(new IOException("down"));
        try {
            caller.join(Duration.ofSeconds(10));
        } catch (InterruptedException e) {
            throw new AssertionError(e);
        }
        assertThat(caller.isAlive()).isFalse();
    }

    @Test
    void aBlockingBatchThroughASemaphoreGuardIsRefused() {
        CollapserFixture semaphore = new CollapserFixture(g -> g.isolation(dev.firebreak.Isolation.semaphore(5)));
        assertThatThrownBy(() -> CollapserRegistry.of(semaphore.registry).<Integer, String>collapser("s").through(semaphore.guard)
                .batch(arguments -> CollapserFixture.values(arguments), ResponseMapping.inOrder()).build())
                .hasMessageContaining("SEMAPHORE");
    }
}
