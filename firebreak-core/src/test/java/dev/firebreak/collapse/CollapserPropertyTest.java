package dev.firebreak.collapse;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.CallFailedException;
import dev.firebreak.Guard;
import dev.firebreak.GuardRegistry;
import dev.firebreak.GuardTimeoutException;
import dev.firebreak.Isolation;
import dev.firebreak.context.RequestContext;
import dev.firebreak.testkit.ManualClock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.From;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

/**
 * Random requests under random faults, on a manual clock: every request completes exactly once, with
 * the outcome an oracle derives from what happened to it (its batch's fault, its own deadline, its
 * cancellation).
 */
class CollapserPropertyTest {

    private static final long STEP_MS = 5;
    private static final long GUARD_TIMEOUT_MS = 100;

    enum Fault { OK, EXCEPTION, TIMEOUT, MISSING, EXTRA, REORDERED }

    /** A request arriving at a step, cancelled some steps later (or never, when cancelAfter is negative). */
    record Req(int arrivalStep, int cancelAfter) {
    }

    @Provide
    Arbitrary<Req> requests() {
        return Combinators.combine(Arbitraries.integers().between(0, 30),
                Arbitraries.integers().between(-12, 6)).as(Req::new);
    }

    @Provide
    Arbitrary<Integer> lingers() {
        return Arbitraries.of(0, 2000, 7000);
    }

    @Property(tries = 300)
    void everyRequestCompletesExactlyOnceWithTheRightValueOrError(
            @ForAll @Size(min = 1, max = 40) List<@From("requests") Req> requests,
            @ForAll @Size(min = 1, max = 12) List<Fault> faults,
            @ForAll DispatchStrategy strategy,
            @ForAll @IntRange(min = 1, max = 3) int k,
            @ForAll @IntRange(min = 1, max = 8) int maxBatch,
            @ForAll @From("lingers") int lingerMicros,
            @ForAll @IntRange(min = 1, max = 4) int latencySteps,
            @ForAll @IntRange(min = 20, max = 300) int requestTimeoutMs,
            @ForAll boolean withFallback) {
        ManualClock clock = new ManualClock(Long.MAX_VALUE - 200_000_000L);
        GuardRegistry registry = GuardRegistry.builder().clock(clock).build();
        // The breaker is off here: this property is about mapping and exactly-once completion under
        // faults; the random faults would otherwise trip it (short-circuits: FailureTest).
        Guard guard = registry.guard("batch").isolation(Isolation.virtualThreads(100))
                .timeout(Duration.ofMillis(GUARD_TIMEOUT_MS)).configure(c -> c.breaker(cb -> cb.enabled(false))).build();
        Downstream<Integer, List<String>> downstream = new Downstream<>();
        List<Long> created = Collections.synchronizedList(new ArrayList<>());
        // Whether each batch function ran on this test thread: a batch that leaves when a slot frees can
        // leave on the thread that gave the permit back (a timeout's virtual thread), whose clock reading
        // may trail the moment the batch took its requests while this thread keeps advancing the clock.
        List<Boolean> createdHere = Collections.synchronizedList(new ArrayList<>());
        Thread testThread = Thread.currentThread();
        CollapserBuilder<Integer, String> builder = CollapserRegistry.of(registry).<Integer, String>collapser("c").through(guard)
                .batchAsync(arguments -> {
                    synchronized (created) { // one order for created, createdHere and the downstream's calls
                        created.add(clock.read());
                        createdHere.add(Thread.currentThread() == testThread);
                        return downstream.start(arguments);
                    }
                }, ResponseMapping.<Integer, Integer, String>byKey(a -> a, v -> Integer.parseInt(v.substring(1))))
                .requestTimeout(Duration.ofMillis(requestTimeoutMs))
                .configure(c -> c.dispatchStrategy(strategy).timerDelay(Duration.ofMillis(10)).maxRequestsInBatch(maxBatch)
                        .loadAwareMaxBatchesInFlight(k).loadAwareLingerInMicroseconds(lingerMicros));
        if (withFallback) {
            builder.fallback((argument, failure) -> "fb" + argument);
        }
        Collapser<Integer, String> collapser = builder.build();

        int n = requests.size();
        List<CompletableFuture<String>> futures = new ArrayList<>(Collections.nCopies(n, null));
        List<RequestContext> contexts = new ArrayList<>(Collections.nCopies(n, null));
        long[] submittedAt = new long[n];
        long[] cancelledAt = new long[n];
        boolean[] cancelled = new boolean[n];
        Map<Integer, Long> resolvedAt = new HashMap<>();
        Map<Integer, Integer> droppedId = new HashMap<>();

        for (int step = 0; step < 2000; step++) {
            for (int id = 0; id < n; id++) {
                Req req = requests.get(id);
                if (req.arrivalStep() == step) {
                    try (RequestContext ctx = RequestContext.open()) {
                        contexts.set(id, ctx);
                        submittedAt[id] = clock.read();
                        futures.set(id, collapser.submit(id));
                    }
                }
                if (req.cancelAfter() >= 0 && req.arrivalStep() + req.cancelAfter() == step) {
                    cancelledAt[id] = clock.read();
                    cancelled[id] = futures.get(id).cancel(true);
                }
            }
            for (int i = 0; i < downstream.calls.size(); i++) {
                if (!resolvedAt.containsKey(i) && clock.read() - created.get(i) >= latencySteps * STEP_MS * 1_000_000L) {
                    resolvedAt.put(i, clock.read());
                    resolve(downstream.call(i), faults.get(i % faults.size()), i, droppedId);
                }
            }
            boolean allDone = step > 40 && futures.stream().allMatch(f -> f != null && f.isDone());
            if (allDone) {
                break;
            }
            clock.advance(Duration.ofMillis(STEP_MS));
            settleTimedOutBatches(downstream, created, faults, futures, clock.read());
        }

        // A deadline or a guard timeout claims its outcome at its instant on the clock; the fallback and
        // the completion then run off the timer thread, so give them a (bounded) moment to land.
        dev.firebreak.testkit.Await.until("every request completed",
                () -> futures.stream().allMatch(f -> f == null || f.isDone()));
        Map<Integer, Integer> callOf = new HashMap<>();
        for (int i = 0; i < downstream.calls.size(); i++) {
            assertThat(downstream.call(i).arguments().size()).as("batch %s within maxRequestsInBatch", i)
                    .isLessThanOrEqualTo(maxBatch);
            for (Integer id : downstream.call(i).arguments()) {
                assertThat(callOf.put(id, i)).as("request %s sent in two batches", id).isNull();
                if (cancelled[id] && createdHere.get(i)) {
                    assertThat(created.get(i) - cancelledAt[id]).as("request %s sent after its cancel", id).isLessThanOrEqualTo(0);
                }
            }
        }
        for (int id = 0; id < n; id++) {
            CompletableFuture<String> future = futures.get(id);
            assertThat(future).as("request %s", id).isDone();
            assertThat(contexts.get(id).log().entries()).as("request %s completed once", id).hasSize(1);
            long deadline = submittedAt[id] + requestTimeoutMs * 1_000_000L;
            if (cancelled[id]) {
                assertThat(future.isCancelled()).isTrue();
                continue;
            }
            Integer call = callOf.get(id);
            if (call == null) {
                expectOwnTimeout(future, id, withFallback);
                continue;
            }
            Fault fault = faults.get(call % faults.size());
            long outcomeAt = fault == Fault.TIMEOUT
                    ? created.get(call) + GUARD_TIMEOUT_MS * 1_000_000L
                    : resolvedAt.getOrDefault(call, Long.MAX_VALUE);
            // At a tie with an answer the deadline wins: the clock runs it while advancing, before the test
            // answers at that instant. At a tie with the guard's timeout either may run first (the queue's
            // deadline timer is re-armed as requests leave it, so it can be scheduled after the guard's
            // timeout for the same instant): the next branch takes that case.
            boolean deadlineFirst = fault == Fault.TIMEOUT ? deadline - outcomeAt < 0 : deadline - outcomeAt <= 0;
            if (deadlineFirst || (fault != Fault.TIMEOUT && !resolvedAt.containsKey(call))) {
                expectOwnTimeout(future, id, withFallback);
            } else if (fault == Fault.TIMEOUT && deadline - outcomeAt < STEP_MS * 1_000_000L && !withFallback) {
                // The guard's timeout and the request's deadline fell in one advance (or at one instant): the
                // guard's timeout claimed first, but its failure reaches the request off the timer thread,
                // while the deadline claims on it; either is a right outcome, and it is exactly one.
                assertThat(isOwnTimeout(future) || failureOf(future) instanceof GuardTimeoutException)
                        .as("request %s: own deadline or the guard's timeout, got %s", id, describe(future)).isTrue();
            } else {
                expectFaultOutcome(future, id, fault, droppedId.get(call), withFallback);
            }
        }
        assertThat(collapser.snapshot().cumulativeRequests()).isEqualTo(n);
    }

    private static void resolve(Downstream.Call<Integer, List<String>> call, Fault fault, int index,
            Map<Integer, Integer> droppedId) {
        List<String> values = new ArrayList<>(CollapserFixture.values(call.arguments()));
        switch (fault) {
            case OK -> call.response().complete(values);
            case EXCEPTION -> call.response().completeExceptionally(new IllegalStateException("downstream failed"));
            case TIMEOUT -> { } // never answers: the guard's timeout ends it
            case MISSING -> {
                int position = (index * 7) % values.size();
                droppedId.put(index, call.arguments().get(position));
                values.remove(position);
                call.response().complete(values);
            }
            case EXTRA -> {
                values.add("v-1");
                call.response().complete(values);
            }
            case REORDERED -> {
                Collections.reverse(values);
                call.response().complete(values);
            }
        }
    }

    /**
     * Timeouts complete off the timer thread: before time moves on, let the requests of every batch
     * whose guard timeout has passed receive its outcome, as they would on a real clock.
     */
    private static void settleTimedOutBatches(Downstream<Integer, List<String>> downstream, List<Long> created,
            List<Fault> faults, List<CompletableFuture<String>> futures, long now) {
        for (int i = 0; i < downstream.calls.size(); i++) {
            if (faults.get(i % faults.size()) == Fault.TIMEOUT && now - created.get(i) >= GUARD_TIMEOUT_MS * 1_000_000L) {
                for (Integer id : downstream.call(i).arguments()) {
                    dev.firebreak.testkit.Await.until("request " + id + " has its outcome", futures.get(id)::isDone);
                }
            }
        }
    }

    private static boolean isOwnTimeout(CompletableFuture<String> future) {
        Throwable failure = failureOf(future);
        return failure instanceof CollapseException c && c.reason() == CollapseException.Reason.TIMEOUT;
    }

    private static void expectOwnTimeout(CompletableFuture<String> future, int id, boolean withFallback) {
        if (withFallback) {
            assertThat(future.join()).as("request %s", id).isEqualTo("fb" + id);
        } else {
            assertThat(isOwnTimeout(future)).as("request %s: own deadline, got %s", id, describe(future)).isTrue();
        }
    }

    private static void expectFaultOutcome(CompletableFuture<String> future, int id, Fault fault, Integer dropped,
            boolean withFallback) {
        boolean fails = switch (fault) {
            case OK, REORDERED -> false;
            case MISSING -> dropped == id;
            case EXCEPTION, TIMEOUT, EXTRA -> true;
        };
        if (!fails) {
            assertThat(future.join()).as("request %s under %s", id, fault).isEqualTo("v" + id);
            return;
        }
        if (withFallback) {
            assertThat(future.join()).as("request %s under %s", id, fault).isEqualTo("fb" + id);
            return;
        }
        Throwable failure = failureOf(future);
        switch (fault) {
            case EXCEPTION -> assertThat(failure).as("request %s", id).isInstanceOf(CallFailedException.class);
            case TIMEOUT -> assertThat(failure).as("request %s", id).isInstanceOf(GuardTimeoutException.class);
            case MISSING -> assertThat(((CollapseException) failure).reason()).isEqualTo(CollapseException.Reason.MISSING_RESPONSE);
            case EXTRA -> assertThat(((CollapseException) failure).reason()).isEqualTo(CollapseException.Reason.RESPONSE_MISMATCH);
            default -> throw new AssertionError(fault);
        }
    }

    private static Throwable failureOf(CompletableFuture<String> future) {
        if (!future.isCompletedExceptionally()) {
            return null;
        }
        try {
            future.join();
            return null;
        } catch (CompletionException e) {
            return e.getCause();
        }
    }

    private static String describe(CompletableFuture<String> future) {
        Throwable failure = failureOf(future);
        return failure == null ? "value " + future.join() : failure.toString();
    }
}
