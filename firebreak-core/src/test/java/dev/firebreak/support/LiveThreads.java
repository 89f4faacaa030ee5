package dev.firebreak.support;

import java.lang.ref.WeakReference;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * Real threads and objects that must go away: the live threads whose names start with a prefix, a
 * bounded wait for given threads to terminate (joins, never sleeps), and a bounded number of
 * {@code System.gc()} rounds until weak references clear.
 */
public final class LiveThreads {

    private static final Duration BOUND = Duration.ofSeconds(30);

    private LiveThreads() {
    }

    /** Live threads whose names start with {@code prefix}. */
    public static List<Thread> named(String prefix) {
        List<Thread> threads = new ArrayList<>();
        for (Thread thread : Thread.getAllStackTraces().keySet()) {
            if (thread.getName().startsWith(prefix) && thread.isAlive()) {
                threads.add(thread);
            }
        }
        return threads;
    }

    /**
     * Joins every thread within one shared, generous bound.
     *
     * @return the threads still alive when the bound ran out (empty when all terminated)
     */
    public static List<Thread> awaitTermination(Collection<Thread> threads) throws InterruptedException {
        long deadline = System.nanoTime() + BOUND.toNanos();
        List<Thread> alive = new ArrayList<>();
        for (Thread thread : threads) {
            long left = deadline - System.nanoTime();
            if (left > 0) {
                thread.join(Duration.ofNanos(left));
            }
            if (thread.isAlive()) {
                alive.add(thread);
            }
        }
        return alive;
    }

    /**
     * Runs up to 20 {@code System.gc()} rounds until every reference is cleared.
     *
     * @return how many references were still set after the last round
     */
    public static long collect(Collection<? extends WeakReference<?>> references) {
        long set = references.stream().filter(r -> r.get() != null).count();
        for (int round = 0; round < 20 && set > 0; round++) {
            System.gc();
            set = references.stream().filter(r -> r.get() != null).count();
        }
        return set;
    }
}
