package dev.firebreak.testkit;

import dev.firebreak.GuardedCall;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A dependency the test controls: calls through {@link #call} block until {@link #open()}; the gate
 * counts how many entered, how many are inside now, the most ever inside at once, and how many saw an
 * interrupt.
 */
public final class Gate {

    private final CountDownLatch open = new CountDownLatch(1);
    private final AtomicInteger entered = new AtomicInteger();
    private final AtomicInteger inside = new AtomicInteger();
    private final AtomicInteger maxInside = new AtomicInteger();
    private final AtomicInteger interrupted = new AtomicInteger();

    /** A call that waits at the gate, ending early with InterruptedException if interrupted. */
    public <T> GuardedCall<T> call(T value) {
        return () -> {
            enter();
            try {
                open.await();
                return value;
            } catch (InterruptedException e) {
                interrupted.incrementAndGet();
                throw e;
            } finally {
                inside.decrementAndGet();
            }
        };
    }

    /** A call that waits at the gate and ignores interrupts (it only counts them). */
    public <T> GuardedCall<T> stubbornCall(T value) {
        return () -> {
            enter();
            try {
                boolean done = false;
                while (!done) {
                    try {
                        open.await();
                        done = true;
                    } catch (InterruptedException e) {
                        interrupted.incrementAndGet();
                    }
                }
                return value;
            } finally {
                inside.decrementAndGet();
            }
        };
    }

    private void enter() {
        entered.incrementAndGet();
        int now = inside.incrementAndGet();
        maxInside.accumulateAndGet(now, Math::max);
    }

    /** Lets every waiting and future call through. */
    public void open() {
        open.countDown();
    }

    /** Waits until {@code n} calls have entered. */
    public void awaitEntered(int n) {
        Await.until(n + " calls entered the gate", () -> entered.get() >= n, () -> "(entered " + entered.get() + ")");
    }

    /** Calls that entered so far. */
    public int entered() {
        return entered.get();
    }

    /** Calls inside now. */
    public int inside() {
        return inside.get();
    }

    /** The most calls ever inside at once. */
    public int maxInside() {
        return maxInside.get();
    }

    /** Interrupts the calls received. */
    public int interrupts() {
        return interrupted.get();
    }
}
