package dev.firebreak.collapse;

import java.util.ArrayDeque;

/**
 * Runs dispatches without growing the stack: a batch that completes synchronously (a SEMAPHORE guard,
 * an already-completed stage) frees its slot, which may dispatch the next batch, which may complete
 * synchronously... Nested dispatches on one thread are queued and run by the outermost one, in order.
 *
 * <p>Each thread keeps its one queue for good (a queue and a thread-local entry per batch were a visible
 * share of a small batch's cost); it is empty whenever no run is under way on the thread.
 */
final class Trampoline {

    private static final ThreadLocal<Runs> RUNS = ThreadLocal.withInitial(Runs::new);

    private Trampoline() {
    }

    static void run(Runnable task) {
        Runs runs = RUNS.get();
        if (runs.running) {
            runs.pending.add(task); // an outer run() on this thread will get to it
            return;
        }
        runs.running = true;
        RuntimeException first = null;
        try {
            Runnable next = task;
            while (next != null) {
                try {
                    next.run();
                } catch (RuntimeException thrown) { // the queued dispatches still run: nothing is lost
                    if (first == null) {
                        first = thrown;
                    } else {
                        first.addSuppressed(thrown);
                    }
                }
                next = runs.pending.poll();
            }
        } finally {
            runs.running = false;
            runs.pending.clear(); // only an Error can leave tasks behind: they die with it, as before
        }
        if (first != null) {
            throw first;
        }
    }

    /** One thread's trampoline: whether a run is under way, and the dispatches queued behind it. */
    private static final class Runs {
        private final ArrayDeque<Runnable> pending = new ArrayDeque<>();
        private boolean running;
    }
}
