package dev.firebreak.rolling;

import java.lang.invoke.VarHandle;
import java.lang.ref.WeakReference;

/**
 * The owner of a counting structure: the one thread that writes its home cells with plain reads and
 * release stores ({@link SoleWriter}) instead of locked instructions. Its thread's id, which the hot
 * path compares, and the thread itself, held weakly so that a structure keeps no ended thread's task
 * reachable.
 */
final class Owner extends WeakReference<Thread> {

    /*
     * The role's rule, for every structure that keeps one in a volatile field (read through handle):
     * it goes from null to a thread by compare-and-set (the first recorder to ask), and back to null only
     * once that thread has terminated (freeIfEnded, called by whoever makes a bucket, once per bucket
     * interval). A terminated thread never writes again, and everything it wrote happens-before a
     * Thread#isAlive() that answers false, hence before the next claim; a thread the collector cleared
     * from the reference is unreachable and can never run again either. So the home cells have one
     * writer at a time, each writer sees its predecessor's counts, and a plain read-then-store loses
     * nothing. A reader's volatile read of a home cell holds every owner's record that happens-before it.
     */

    final long id;

    private Owner(Thread thread) {
        super(thread);
        this.id = thread.threadId();
    }

    /**
     * Whether the calling thread owns the role whose holder field ({@code handle} on {@code holder})
     * was just read as {@code seen}, claiming it when {@code seen} is null and nobody claims it first.
     */
    static boolean owns(Owner seen, VarHandle handle, Object holder) {
        if (seen != null) {
            return seen.id == Thread.currentThread().threadId();
        }
        return handle.compareAndSet(holder, (Owner) null, new Owner(Thread.currentThread())); // once per claim
    }

    /** Frees the role read as {@code seen} if its thread has terminated (or been collected), so the next recorder may claim it. */
    static void freeIfEnded(Owner seen, VarHandle handle, Object holder) {
        if (seen != null) {
            Thread thread = seen.get();
            if (thread == null || !thread.isAlive()) {
                handle.compareAndSet(holder, seen, (Owner) null); // lost: another thread freed it first, the same answer
            }
        }
    }

    /** The role's thread now, or null if it was collected. */
    static Thread threadOf(Owner seen) {
        return seen == null ? null : seen.get();
    }
}
