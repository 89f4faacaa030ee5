package dev.firebreak.isolation;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.event.EventType;
import dev.firebreak.limit.LimitConfig;
import dev.firebreak.testkit.Await;
import dev.firebreak.testkit.ManualClock;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * 64 threads on a small bulkhead with a wait: synchronous callers that park, asynchronous calls that are
 * queued, deadlines firing on another thread as the manual clock moves, and interrupts. Every call ends
 * exactly once (admitted or refused), the permits in use never exceed the limit, and at the end every
 * permit is free and nobody waits.
 */
class BulkheadWaitStressTest {

    private static final int THREADS = 64;
    private static final int CALLS_PER_THREAD = 400;
    private static final int LIMIT = 4;

    private final ManualClock clock = new ManualClock(7_000_000_000L);
    private final AtomicInteger inside = new AtomicInteger();
    private final AtomicInteger maxInside = new AtomicInteger();
    private final AtomicLong admitted = new AtomicLong();
    private final AtomicLong refused = new AtomicLong();
    private final AtomicInteger toldTwice = new AtomicInteger();

    /** Runs the work of an admitted call: counts it in, checks the bound, counts it out, gives the permit back. */
    private void work(Isolator isolator, Object permit) {
        int now = inside.incrementAndGet();
        maxInside.accumulateAndGet(now, Math::max);
        if (ThreadLocalRandom.current().nextInt(4) == 0) {
            Thread.yield();
        }
        inside.decrementAndGet();
        admitted.incrementAndGet();
        isolator.exit(permit, EventType.SUCCESS, 0L, clock.read());
    }

    /** An asynchronous call: told once, it runs on the thread that told it. */
    private final class Call implements QueuedAdmission, QueuedAdmission.Source {
        private final Isolator isolator;
        private final AtomicInteger told = new AtomicInteger();

        Call(Isolator isolator) {
            this.isolator = isolator;
        }

        @Override
        public QueuedAdmission queued() {
            return this;
        }

        @Override
        public void granted(Object permit) {
            if (told.incrementAndGet() != 1) {
                toldTwice.incrementAndGet();
            }
            work(isolator, permit);
        }

        @Override
        public void expired() {
            if (told.incrementAndGet() != 1) {
                toldTwice.incrementAndGet();
            }
            refused.incrementAndGet();
        }
    }

    @Test
    void everyCallEndsOnceWithinTheLimitAndNoPermitIsLost() throws Exception {
        SemaphoreIsolator isolator = new SemaphoreIsolator(LIMIT, clock, clock);
        isolator.adapt(LimitConfig.defaults(), Long.MAX_VALUE);
        isolator.setMaxWait(3_000_000L, 0L); // 3 ms of the manual clock
        List<Call> calls = new ArrayList<>();
        CountDownLatch done = new CountDownLatch(THREADS);
        List<Thread> threads = new ArrayList<>();
        for (int t = 0; t < THREADS; t++) {
            boolean async = t % 2 == 1;
            List<Call> mine = new ArrayList<>();
            threads.add(Thread.ofPlatform().daemon().start(() -> {
                try {
                    for (int i = 0; i < CALLS_PER_THREAD; i++) {
                        if (async) {
                            Call call = new Call(isolator);
                            mine.add(call);
                            Object permit = isolator.enter(clock.read(), call);
                            if (permit == null) {
                                call.told.incrementAndGet();
                                refused.incrementAndGet();
                            } else if (permit != Isolator.QUEUED) {
                                call.told.incrementAndGet();
                                work(isolator, permit);
                            }
                        } else {
                            Object permit = isolator.enter(clock.read());
                            Thread.interrupted(); // an interrupt that came after the decision is not the next call's
                            if (permit == null) {
                                refused.incrementAndGet();
                            } else {
                                work(isolator, permit);
                            }
                        }
                    }
                } finally {
                    synchronized (calls) {
                        calls.addAll(mine);
                    }
                    done.countDown();
                }
            }));
        }
        // Deadlines fire on this thread while the callers run; now and then a synchronous caller is interrupted.
        while (!done.await(1, TimeUnit.MILLISECONDS)) {
            clock.advance(1_000_000L);
            Thread victim = threads.get(2 * ThreadLocalRandom.current().nextInt(THREADS / 2));
            if (ThreadLocalRandom.current().nextInt(8) == 0) {
                victim.interrupt();
            }
        }
        clock.advance(10_000_000L); // every wait still open runs out

        long total = (long) THREADS * CALLS_PER_THREAD;
        Await.until("every call ended", () -> admitted.get() + refused.get() == total,
                () -> "(admitted " + admitted + ", refused " + refused + ")");
        assertThat(toldTwice).as("no call told twice").hasValue(0);
        assertThat(calls).as("every queued call told exactly once").allSatisfy(c -> assertThat(c.told).hasValue(1));
        assertThat(maxInside.get()).as("never above the limit").isLessThanOrEqualTo(LIMIT);
        assertThat(isolator.inFlight()).as("every permit free").isZero();
        assertThat(isolator.waiting()).isZero();
        assertThat(isolator.admittedAfterWait()).as("some calls waited and ran").isPositive();
        isolator.setMaxWait(0L, 0L);
        List<Object> held = new ArrayList<>();
        for (int i = 0; i < LIMIT; i++) {
            held.add(isolator.enter(clock.read()));
        }
        assertThat(held).as("the whole limit can be taken again").doesNotContainNull();
        assertThat(isolator.enter(clock.read())).as("and no more").isNull();
    }
}
