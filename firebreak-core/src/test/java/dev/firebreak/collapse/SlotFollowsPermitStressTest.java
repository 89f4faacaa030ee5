package dev.firebreak.collapse;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.Guard;
import dev.firebreak.GuardRegistry;
import dev.firebreak.Isolation;
import dev.firebreak.event.EventType;
import dev.firebreak.testkit.Await;
import dev.firebreak.testkit.ManualClock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Issue 12, defect 7 under stress: 16 threads submit 8,000 requests and move the manual clock while
 * two thirds of the batch calls ignore their interrupt and run 30 to 300 ms (clock time) past a 50 ms
 * guard timeout, with cancellations and requests' own deadlines on top. Every request completes
 * exactly once with a value, its fallback or a cancellation, and the metrics agree with the callers;
 * under LOAD_AWARE (k = the guard's bound of 8) the collapser's own guard never rejects a batch.
 */
class SlotFollowsPermitStressTest {

    private static final int THREADS = 16;
    private static final int PER_THREAD = 500;
    private static final int BOUND = 8;

    /** A batch call held until the clock reaches {@code due}. */
    private record Held(long due, CountDownLatch release) {
    }

    private final ManualClock clock = new ManualClock(Long.MAX_VALUE - 1_000_000_000L); // crosses the overflow edge
    private final ConcurrentLinkedQueue<Held> held = new ConcurrentLinkedQueue<>();
    private final AtomicInteger interruptsIgnored = new AtomicInteger();

    @ParameterizedTest
    @EnumSource(DispatchStrategy.class)
    void everyRequestCompletesExactlyOnceWhileBatchesOutliveTheirTimeout(DispatchStrategy strategy) throws Exception {
        GuardRegistry registry = GuardRegistry.builder().clock(clock).build();
        Guard guard = registry.guard("stubborn-batch").isolation(Isolation.virtualThreads(BOUND))
                .timeout(Duration.ofMillis(50)).configure(c -> c.breaker(cb -> cb.enabled(false))).build();
        Collapser<Integer, String> collapser = CollapserRegistry.of(registry).<Integer, String>collapser("stubborn").through(guard)
                .batch(this::call, ResponseMapping.inOrder())
                .fallback((argument, failure) -> "fb" + argument + ":" + failure.getClass().getSimpleName())
                .requestTimeout(Duration.ofMillis(400))
                .configure(c -> c.dispatchStrategy(strategy).timerDelay(Duration.ofMillis(5)).maxRequestsInBatch(50))
                .build();

        Map<Integer, CompletableFuture<String>> futures = new ConcurrentHashMap<>();
        List<Throwable> unexpected = new CopyOnWriteArrayList<>();
        CountDownLatch submitted = new CountDownLatch(THREADS);
        for (int t = 0; t < THREADS; t++) {
            int base = t * PER_THREAD;
            Thread.ofPlatform().start(() -> {
                try {
                    for (int i = 0; i < PER_THREAD; i++) {
                        CompletableFuture<String> future = collapser.submit(base + i);
                        if ((base + i) % 41 == 0) {
                            future.cancel(true);
                        }
                        futures.put(base + i, future);
                        if (i % 4 == 3) { // the submitters move time: batches time out while others submit
                            clock.advance(Duration.ofMillis(1));
                            releaseDue();
                        }
                    }
                } catch (Throwable thrown) {
                    unexpected.add(thrown);
                } finally {
                    submitted.countDown();
                }
            });
        }
        assertThat(submitted.await(60, TimeUnit.SECONDS)).as("submitters finished").isTrue();
        assertThat(unexpected).isEmpty();
        Await.until("every request completed and every batch ended", () -> {
            clock.advance(Duration.ofMillis(1)); // nothing waits on real time: the clock moves on until all is done
            releaseDue();
            return futures.values().stream().allMatch(CompletableFuture::isDone) && collapser.globalQueue().batchesInFlight() == 0
                    && guard.controls().permitsInFlight() == 0;
        }, () -> "(slots " + collapser.globalQueue().batchesInFlight() + ", permits " + guard.controls().permitsInFlight() + ")");

        int total = THREADS * PER_THREAD;
        assertThat(futures).hasSize(total);
        Map<String, AtomicLong> outcomes = new ConcurrentHashMap<>();
        futures.forEach((argument, future) ->
                outcomes.computeIfAbsent(classify(argument, future), k -> new AtomicLong()).incrementAndGet());
        long values = count(outcomes, "value");
        long cancelled = count(outcomes, "cancelled");
        long fallbacks = total - values - cancelled;
        assertThat(outcomes.keySet()).as("outcomes %s", outcomes).allMatch(k -> k.equals("value") || k.equals("cancelled")
                || k.startsWith("fallback:"));
        // The metrics record exactly one outcome per request, and the same one the caller saw.
        CollapserMetrics metrics = collapser.metrics();
        assertThat(metrics.cumulativeCount(EventType.SUCCESS)).isEqualTo(values);
        assertThat(metrics.cumulativeCount(EventType.CANCELLED)).isEqualTo(cancelled);
        assertThat(metrics.cumulativeCount(EventType.FALLBACK_SUCCESS)).isEqualTo(fallbacks);
        assertThat(collapser.snapshot().cumulativeRequests()).isEqualTo(total);
        assertThat(guard.controls().metrics().cumulativeCount(EventType.TIMEOUT)).as("batches timed out").isPositive();
        assertThat(interruptsIgnored.get()).as("timed-out calls ignored their interrupt").isPositive();
        if (strategy == DispatchStrategy.LOAD_AWARE) {
            assertThat(guard.controls().metrics().cumulativeCount(EventType.LIMIT_REJECTED))
                    .as("batches rejected by the collapser's own guard; outcomes %s", outcomes).isZero();
            assertThat(count(outcomes, "fallback:RejectedException")).isZero();
        }
        assertThat(collapser.globalQueue().waiting()).isZero();
        assertThat(collapser.metrics().batchesInFlight()).isZero();
    }

    /** The batch call: a third answer at once; the others wait 30 to 300 ms of clock time, ignoring interrupts. */
    private List<String> call(List<Integer> arguments) {
        int first = arguments.getFirst();
        if (first % 3 != 0) {
            long hold = (30 + (first * 37L) % 271) * 1_000_000L;
            Held h = new Held(clock.read() + hold, new CountDownLatch(1));
            held.add(h);
            boolean interrupted = false;
            while (true) {
                try {
                    h.release().await();
                    break;
                } catch (InterruptedException e) {
                    interruptsIgnored.incrementAndGet();
                    interrupted = true;
                }
            }
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
        return CollapserFixture.values(arguments);
    }

    /** Releases the held calls whose time has come. */
    private void releaseDue() {
        long now = clock.read();
        held.removeIf(h -> {
            if (now - h.due() >= 0) {
                h.release().countDown();
                return true;
            }
            return false;
        });
    }

    /** "value", "fallback:" + the failure's class, "cancelled", or what went wrong. */
    private static String classify(int argument, CompletableFuture<String> future) {
        try {
            String value = future.get(0, TimeUnit.SECONDS);
            if (value.equals("v" + argument)) {
                return "value";
            }
            String fallback = "fb" + argument + ":";
            return value.startsWith(fallback) ? "fallback:" + value.substring(fallback.length()) : "wrong value: " + value;
        } catch (CancellationException e) {
            return "cancelled";
        } catch (ExecutionException e) {
            return "failed:" + e.getCause();
        } catch (Exception e) {
            return "not completed: " + e;
        }
    }

    private static long count(Map<String, AtomicLong> outcomes, String key) {
        AtomicLong n = outcomes.get(key);
        return n == null ? 0L : n.get();
    }
}
