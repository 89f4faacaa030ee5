package dev.firebreak.callpolicy;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.retry.Retry;
import dev.firebreak.Guard;
import dev.firebreak.GuardRegistry;
import dev.firebreak.Isolation;
import dev.firebreak.event.EventType;
import dev.firebreak.hedge.Hedge;
import dev.firebreak.hedge.Idempotent;
import dev.firebreak.testkit.Await;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * 64 threads calling a retry and a hedge policy over a faulty downstream (answers, failures, 429s with
 * {@code Retry-After: 0}, calls that hang until interrupted), with caller cancels: every call completes once, the fallback runs at
 * most once and after the call's last attempt, every hanging attempt is released (by its timeout or
 * its cancel, both interrupting), every permit comes back, and the guards count every attempt.
 */
class CallPolicyStressTest {

    private static final int THREADS = 64;
    private static final int CALLS_PER_THREAD = 60;

    private final AtomicLong hung = new AtomicLong();
    private final AtomicLong released = new AtomicLong();

    /** Per call: attempts started, fallbacks run, attempts started when the fallback ran. */
    private static final class Track {
        final AtomicInteger attempts = new AtomicInteger();
        final AtomicInteger fallbacks = new AtomicInteger();
        volatile int attemptsAtFallback = -1;
    }

    /** A 429 whose {@code Retry-After} is 0: come back whenever (no wall-clock wait in a stress test). */
    private static final class TooManyRequests extends RuntimeException implements RetryAfterAware {
        @Override
        public java.util.Optional<Duration> retryAfter(java.time.Instant now) {
            return RetryAfter.parse("0", now);
        }
    }

    private String downstream(Track track) throws InterruptedException {
        track.attempts.incrementAndGet();
        int roll = ThreadLocalRandom.current().nextInt(100);
        if (roll < 55) {
            return "ok";
        }
        if (roll < 85) {
            throw new IllegalStateException("down");
        }
        if (roll < 90) {
            throw new TooManyRequests(); // a server's delay: the retry waits for it, the hedge stops hedging
        }
        hung.incrementAndGet();
        try {
            new CountDownLatch(1).await(); // hangs until its timeout or its cancel interrupts it
            return "never";
        } finally {
            released.incrementAndGet();
        }
    }

    @Test
    void everyCallCompletesOnceAndNoAttemptOutlivesItsCancel() throws Exception {
        GuardRegistry registry = GuardRegistry.builder().build();
        Guard retried = registry.guard("retried").isolation(Isolation.virtualThreads(10_000))
                .timeout(Duration.ofMillis(30)).configure(c -> c.isolation(iso -> iso.interruptOnCancel(true)).breaker(cb -> cb.enabled(false)))
                .build();
        Guard hedged = registry.guard("hedged").isolation(Isolation.virtualThreads(10_000))
                .timeout(Duration.ofMillis(30)).configure(c -> c.isolation(iso -> iso.interruptOnCancel(true)).breaker(cb -> cb.enabled(false)))
                .build();
        Retry retry = Retry.named("retry").through(retried)
                .configure(c -> c.maxAttempts(3).backoff(Duration.ofMillis(1), Duration.ofMillis(4), 2).budget(50, 100))
                .build();
        Hedge hedge = Hedge.named("hedge").through(hedged)
                .configure(c -> c.fixedDelay(Duration.ofMillis(2)).maxHedges(2).budgetEnabled(false).throttleEnabled(false)).build();

        ConcurrentLinkedQueue<CompletableFuture<String>> results = new ConcurrentLinkedQueue<>();
        ConcurrentLinkedQueue<Track> tracks = new ConcurrentLinkedQueue<>();
        AtomicInteger completions = new AtomicInteger();
        CountDownLatch start = new CountDownLatch(1);
        List<Thread> threads = new ArrayList<>();
        for (int t = 0; t < THREADS; t++) {
            threads.add(Thread.ofPlatform().start(() -> {
                try {
                    start.await();
                } catch (InterruptedException e) {
                    return;
                }
                ThreadLocalRandom random = ThreadLocalRandom.current();
                for (int i = 0; i < CALLS_PER_THREAD; i++) {
                    Track track = new Track();
                    tracks.add(track);
                    dev.firebreak.Fallback<String> fallback = random.nextBoolean() ? failure -> {
                        track.attemptsAtFallback = track.attempts.get();
                        track.fallbacks.incrementAndGet();
                        return "fallback";
                    } : null;
                    CompletableFuture<String> result = switch (random.nextInt(3)) {
                        case 0 -> retry.submit(() -> downstream(track), fallback);
                        case 1 -> hedge.submit(Idempotent.call(() -> downstream(track)), fallback);
                        default -> CompletableFuture.supplyAsync(() -> retry.execute(() -> downstream(track), fallback),
                                r -> Thread.ofVirtual().start(r));
                    };
                    result.whenComplete((v, e) -> completions.incrementAndGet());
                    if (random.nextInt(10) == 0) {
                        result.cancel(true);
                    }
                    results.add(result);
                }
            }));
        }
        start.countDown();
        for (Thread thread : threads) {
            thread.join(TimeUnit.SECONDS.toMillis(120));
        }
        for (CompletableFuture<String> result : results) {
            try {
                result.get(60, TimeUnit.SECONDS); // a safety bound: calls end within a few timeouts
            } catch (java.util.concurrent.ExecutionException | java.util.concurrent.CancellationException expected) {
                // a failure or a cancel is an outcome too
            }
        }
        assertThat(results).hasSize(THREADS * CALLS_PER_THREAD).allMatch(CompletableFuture::isDone);
        Await.until("every completion callback ran", () -> completions.get() == THREADS * CALLS_PER_THREAD);
        Await.until("every hanging attempt released", () -> released.get() == hung.get(),
                () -> hung.get() + " hung, " + released.get() + " released");
        Await.until("every permit back", () -> retried.controls().permitsInFlight() == 0 && hedged.controls().permitsInFlight() == 0);
        for (Track track : tracks) {
            assertThat(track.fallbacks.get()).isLessThanOrEqualTo(1);
            if (track.fallbacks.get() == 1) {
                assertThat(track.attemptsAtFallback).isEqualTo(track.attempts.get());
            }
        }
        Await.until("the guards counted every attempt",
                () -> executions(retried) == retry.metrics().attempts() && executions(hedged) == hedge.metrics().attempts(),
                () -> executions(retried) + " vs " + retry.metrics().attempts() + ", "
                        + executions(hedged) + " vs " + hedge.metrics().attempts());
        assertThat(hung.get()).isPositive();
        assertThat(retry.metrics().retried()).isPositive();
        assertThat(hedge.metrics().hedged()).isPositive(); // the hedge's throttle is off: most attempts here fail
        assertThat(hedge.metrics().serverDelays()).isPositive(); // the retry's throttle, drained here, makes its few retries
        assertThat(retry.throttle().tokens()).isBetween(0.0, 20.0); // the retry's is on, fed from every thread
    }

    private static long executions(Guard guard) {
        long total = 0;
        for (EventType type : EventType.values()) {
            if (type.kind() == EventType.Kind.EXECUTION) {
                total += guard.controls().metrics().cumulativeCount(type);
            }
        }
        return total;
    }
}
