package dev.firebreak.collapse;

import dev.firebreak.time.Cancellable;
import dev.firebreak.time.Scheduler;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongConsumer;

/**
 * The requests' own deadlines of one {@link BatchQueue}, kept in due order behind one scheduler task,
 * instead of one scheduled (and, almost always, cancelled) task per request.
 *
 * <p>Every request of a queue gets the same deadline length while the configuration holds, and the queue
 * stamps them under its lock, so their due times arrive in order: a FIFO is a priority queue here. The
 * one timer is armed for the head's due time; when it fires, the due requests are taken out and expire
 * (outside the lock), the answered ones are dropped, and the timer is armed again for the new head. A
 * request that answers needs nothing from this class: it is dropped when it reaches the head, or by a
 * compaction.
 *
 * <p>Invariants (all state guarded by the owning queue's lock):
 * <ul>
 *   <li><b>Order.</b> Due times never decrease from head to tail: {@link #add} refuses a request that
 *       would break it (a shorter deadline after a configuration change), and the queue then arms that
 *       one alone on the scheduler, as before this class existed.</li>
 *   <li><b>On time.</b> While a pending request is tracked, a timer is armed no later than the head's due
 *       time ({@link #arm}); a timer that fires early (its head answered and was dropped) re-arms.</li>
 *   <li><b>Bounded.</b> Answered requests are dropped from the head whenever a batch ends
 *       ({@link #prune}); answered ones stuck behind a pending head are compacted once the deque holds
 *       twice as many as after the last compaction, so it never holds more than about twice the pending
 *       requests (or 64), and no timer stays armed once nothing is tracked.</li>
 * </ul>
 */
final class Deadlines<A, R> {

    private static final int MIN_COMPACTION = 64;

    private final ArrayDeque<CollapsedRequest<A, R>> tracked = new ArrayDeque<>();
    private int compactAt = MIN_COMPACTION;
    private Cancellable timer;
    private long timerDue;          // ticker nanos the pending timer fires at (valid while timer != null)
    private long generation;

    /**
     * Tracks {@code request}, due at ticker time {@code due}; false if that is earlier than the latest
     * tracked request's due time (the caller then arms it alone).
     */
    boolean add(CollapsedRequest<A, R> request, long due) {
        CollapsedRequest<A, R> last = tracked.peekLast();
        if (last != null && due - last.deadlineDue() < 0) {
            return false;
        }
        request.deadlineDue(due);
        tracked.addLast(request);
        if (tracked.size() >= compactAt) {
            compact();
        }
        return true;
    }

    /** Drops the answered requests at the head; cancels the timer if nothing is left to watch. */
    void prune() {
        while (!tracked.isEmpty() && !tracked.peekFirst().pending()) {
            tracked.pollFirst();
        }
        if (tracked.isEmpty()) {
            cancel();
        }
    }

    private void compact() {
        prune();
        if (tracked.size() >= compactAt) {
            tracked.removeIf(request -> !request.pending()); // keeps the order
        }
        compactAt = Math.max(MIN_COMPACTION, 2 * tracked.size());
    }

    /**
     * Arms the timer for the head's due time unless one is armed no later than that. {@code fire}
     * receives the timer's generation: it must call {@link #fired(long)} under the lock first.
     */
    void arm(long now, Scheduler scheduler, LongConsumer fire) {
        CollapsedRequest<A, R> head = tracked.peekFirst();
        if (head == null) {
            return;
        }
        long due = head.deadlineDue();
        if (timer != null && timerDue - due <= 0) {
            return; // fires no later than needed, and re-arms then
        }
        cancel();
        long armed = ++generation;
        timerDue = due;
        timer = scheduler.schedule(Math.max(0L, due - now), () -> fire.accept(armed));
    }

    /** The timer of {@code armedGeneration} fired: true if it is still the current one (now disarmed). */
    boolean fired(long armedGeneration) {
        if (timer == null || armedGeneration != generation) {
            return false; // replaced or cancelled after it was already due
        }
        timer = null;
        return true;
    }

    /** Takes out the pending requests due at {@code now} (null if none), dropping answered ones on the way. */
    List<CollapsedRequest<A, R>> takeDue(long now) {
        List<CollapsedRequest<A, R>> due = null;
        while (!tracked.isEmpty()) {
            CollapsedRequest<A, R> head = tracked.peekFirst();
            if (head.pending() && head.deadlineDue() - now > 0) {
                break;
            }
            tracked.pollFirst();
            if (head.pending()) {
                if (due == null) {
                    due = new ArrayList<>();
                }
                due.add(head);
            }
        }
        return due;
    }

    /** Requests tracked, answered ones not yet dropped included (for tests). */
    int size() {
        return tracked.size();
    }

    /** Whether a timer is armed (for tests). */
    boolean armed() {
        return timer != null;
    }

    private void cancel() {
        if (timer != null) {
            timer.cancel();
            timer = null;
            generation++;
        }
    }
}
