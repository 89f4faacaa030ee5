package dev.firebreak.testkit;

import dev.firebreak.time.Ticker;
import java.time.Duration;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Predicate;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * Bounded waits for real threads to reach a state (never for time to pass: time is the ManualClock's).
 * Polls briefly; fails with the description when the generous bound, a safety net read from the
 * system ticker, runs out.
 */
public final class Await {

    private static final Duration BOUND = Duration.ofSeconds(20);

    private Await() {
    }

    /** Waits until {@code condition} holds, failing after a generous bound. */
    public static void until(String description, BooleanSupplier condition) {
        until(description, condition, () -> "");
    }

    /** Waits until {@code condition} holds; on failure the message includes {@code state}. */
    public static void until(String description, BooleanSupplier condition, Supplier<String> state) {
        long deadline = Ticker.system().read() + BOUND.toNanos();
        while (!condition.getAsBoolean()) {
            if (Ticker.system().read() - deadline > 0) {
                throw new AssertionError("timed out waiting until " + description + " " + state.get());
            }
            LockSupport.parkNanos(200_000L);
        }
    }

    /**
     * Takes elements of {@code queue} (filled by other threads) until one that {@code wanted} accepts,
     * and returns it; the ones before it are dropped. Fails after the same generous bound.
     */
    public static <T> T first(String description, BlockingQueue<T> queue, Predicate<? super T> wanted) {
        AtomicReference<T> found = new AtomicReference<>();
        until(description, () -> {
            for (T next = queue.poll(); next != null; next = queue.poll()) {
                if (wanted.test(next)) {
                    found.set(next);
                    return true;
                }
            }
            return false;
        });
        return found.get();
    }
}
