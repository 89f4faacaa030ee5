package dev.firebreak.collapse;

import java.util.ArrayDeque;

/**
 * Runs dispatches without growing the stack: a batch that completes synchronously (a SEMAPHORE guard,
 * an already-completed stage) frees its slot, which may dispatch the next batch, which may complete
 * synchronously... Nested dispatches on one thread are queued and run by the outermost one, in order.
 */
final class Trampoline {

    private static final ThreadLocal<ArrayDeque<Runnable>> PENDING = new ThreadLocal<>();

    private Trampoline() {
    }

    static void run(Runnable task) {
        ArrayDeque<Runnable> pending = PENDING.get();
        if (pending != null) {
            pending.add(task); // an outer run() on this thread will get to it
            return;
        }
        pending = new ArrayDeque<>();
        PENDING.set(pending);
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
                next = pending.poll();
            }
        } finally {
            PENDING.remove();
        }
        if (first != null) {
            throw first;
        }
    }
}
