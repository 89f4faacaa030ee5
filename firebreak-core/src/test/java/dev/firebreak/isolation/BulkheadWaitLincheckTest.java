package dev.firebreak.isolation;

import dev.firebreak.event.EventType;
import dev.firebreak.limit.LimitConfig;
import dev.firebreak.testkit.ManualClock;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import org.jetbrains.lincheck.datastructures.ModelCheckingOptions;
import org.jetbrains.lincheck.datastructures.Operation;
import org.jetbrains.lincheck.datastructures.Param;
import org.jetbrains.lincheck.datastructures.ThreadIdGen;
import org.jetbrains.lincheck.datastructures.Validate;
import org.junit.jupiter.api.Test;

/**
 * Model check of the hand-over of permits to queued calls: lincheck explores interleavings of
 * admissions that queue on a full bulkhead, releases that hand permits on, and deadlines that expire
 * waiters (the manual clock moved on another thread). Arrivals may overtake waiters (they are not held
 * back), so the check is of invariants rather than of one sequential order: at rest every permit taken
 * is held by exactly one call, no call is told twice, nobody waits while a permit is free, and the
 * limit is never exceeded.
 */
@Param(name = "thread", gen = ThreadIdGen.class)
public class BulkheadWaitLincheckTest {

    private static final int LIMIT = 1;

    private final ManualClock clock = new ManualClock(7_000_000_000L);
    private final SemaphoreIsolator isolator = new SemaphoreIsolator(LIMIT, clock, clock);
    private final AtomicIntegerArray held = new AtomicIntegerArray(16); // permits per thread
    private final ConcurrentLinkedQueue<Call> calls = new ConcurrentLinkedQueue<>();
    private final AtomicInteger toldTwice = new AtomicInteger();

    public BulkheadWaitLincheckTest() {
        isolator.adapt(LimitConfig.defaults(), Long.MAX_VALUE);
        isolator.setMaxWait(10_000_000L, 0L);
    }

    /** A queued call of {@code thread}: a permit handed to it is that thread's to give back. */
    private final class Call implements QueuedAdmission, QueuedAdmission.Source {
        private final int thread;
        private final AtomicInteger told = new AtomicInteger();

        Call(int thread) {
            this.thread = thread;
        }

        private void tell() {
            if (told.incrementAndGet() != 1) {
                toldTwice.incrementAndGet();
            }
        }

        @Override
        public QueuedAdmission queued() {
            return this;
        }

        @Override
        public void granted(Object permit) {
            tell();
            held.incrementAndGet(thread);
        }

        @Override
        public void expired() {
            tell();
        }
    }

    /** Asks for a permit as an asynchronous call: admitted, queued or (never here) refused. */
    @Operation
    public void acquire(@Param(name = "thread") int thread) {
        Call call = new Call(thread);
        calls.add(call);
        Object permit = isolator.enter(clock.read(), call);
        if (permit != Isolator.QUEUED) {
            call.tell();
            if (permit != null) {
                held.incrementAndGet(thread);
            }
        }
    }

    /** Gives back one of this thread's permits, if it holds one (a waiter may be handed it). */
    @Operation
    public void release(@Param(name = "thread") int thread) {
        while (true) {
            int mine = held.get(thread);
            if (mine == 0) {
                return;
            }
            if (held.compareAndSet(thread, mine, mine - 1)) {
                isolator.exit(Isolator.PERMIT, EventType.SUCCESS, 0L, clock.read());
                return;
            }
        }
    }

    /** Moves the clock past every wait's deadline (the deadlines run on this thread). */
    @Operation
    public void expire() {
        clock.advance(10_000_000L);
    }

    @Validate
    public void invariantsAtRest() {
        int total = 0;
        for (int i = 0; i < held.length(); i++) {
            total += held.get(i);
        }
        if (isolator.inFlight() != total) {
            throw new IllegalStateException("in flight " + isolator.inFlight() + ", held " + total);
        }
        if (total > LIMIT) {
            throw new IllegalStateException("held " + total + " above the limit " + LIMIT);
        }
        if (toldTwice.get() != 0) {
            throw new IllegalStateException("a call was told twice");
        }
        long untold = calls.stream().filter(c -> c.told.get() == 0).count();
        if (untold != isolator.waiting()) {
            throw new IllegalStateException(untold + " calls untold, " + isolator.waiting() + " waiting");
        }
        if (isolator.waiting() > 0 && total < LIMIT) {
            throw new IllegalStateException("a call waits while a permit is free");
        }
    }

    @Test
    void modelCheck() {
        new ModelCheckingOptions().iterations(20).invocationsPerIteration(300).threads(3).actorsPerThread(3)
                .actorsBefore(1).actorsAfter(1).check(BulkheadWaitLincheckTest.class);
    }
}
