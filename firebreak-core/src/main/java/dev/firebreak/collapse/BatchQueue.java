package dev.firebreak.collapse;

import dev.firebreak.context.RequestContext;
import dev.firebreak.time.Cancellable;
import dev.firebreak.time.internal.OffTimer;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.LongConsumer;

/**
 * The requests of one collapser gathering into batches in one scope (the process for GLOBAL, one
 * request context for REQUEST), and the decision of when a batch leaves.
 *
 * <p><b>TIMER</b> (Hystrix's behaviour, but the window opens on the first request): a request that
 * finds no window open opens one of {@code timerDelayInMilliseconds}; every request arriving while it
 * is open joins the batch; the batch leaves when the window closes, or at once when it reaches
 * {@code maxRequestsInBatch} (the next request then opens a new window). No window runs while nothing
 * waits.
 *
 * <p><b>LOAD_AWARE</b> (k = {@code loadAware.maxBatchesInFlight}, or
 * {@link CollapserConfig#DEFAULT_BATCHES_IN_FLIGHT} capped by the batch guard's bound when 0):
 * <ol>
 * <li><b>Idle: at once.</b> A request that finds no batch in flight and nothing waiting leaves at once,
 * alone, on its caller's thread: a lone caller pays nothing.</li>
 * <li><b>Busy: gather.</b> Otherwise it joins the gathering batch, which leaves when all of these hold:
 * a slot is free (fewer than k in flight); the linger has ended (no request arrived for
 * {@code loadAware.lingerGapInMicroseconds}, or {@code loadAware.lingerInMicroseconds}, capped at the
 * pacing interval, passed since the linger started: the batch's first request, or the moment a slot
 * freed for a batch that was waiting for one); and the pacing allows it ({@link LoadAwarePacing}: while
 * at least 3/4 of the slots are busy, departures about one smoothed batch latency / k apart).</li>
 * <li><b>Full: at a free slot.</b> A batch reaching {@code maxRequestsInBatch} is closed and leaves as
 * soon as a slot is free, ignoring linger and pacing, ahead of the one gathering behind it.</li>
 * </ol>
 *
 * <p>Invariants: all state is guarded by {@link #lock}; decisions are taken under it and the batches
 * leave after it is released (no user code, no future completed under it). At most one timer (window,
 * linger or pacing) is pending, identified by its generation so that a timer that fires after being
 * replaced does nothing; a LOAD_AWARE timer that fires early (the linger was extended by a later
 * arrival) just decides again and re-arms. Under LOAD_AWARE, {@code batchesInFlight <= k} whenever a
 * batch leaves (k may shrink live; then no batch leaves until enough end). Every batch taken from the
 * queue is handed to the collapser exactly once, and every dispatch ends with exactly one
 * {@link #batchEnded(long, boolean)}. Time is read from the collapser's ticker only to stamp events; the
 * pacing and linger rules are arithmetic on those stamps.
 *
 * <p><b>A slot follows the guard's permit.</b> A batch holds its slot from its departure until every
 * request of it has its outcome <em>and</em> every shard's call has given its isolation permit back to
 * the guard ({@link BatchCall#run}, through {@link dev.firebreak.Guard#permitReleased}). The two usually
 * come together; a call that ignores its interrupt and outlives the guard's timeout ends them apart:
 * its requests get TIMEOUT (or their fallback) at the timeout, while the guard rightly keeps the permit
 * until the call really returns, and so does the slot. Freeing the slot at the timeout let the
 * collapser send batches its own guard had to reject (most of
 * a burst's requests ended LIMIT_REJECTED). So, with k within the guard's bound and no other caller on the guard, the batches
 * this queue has taken always cover the permits its calls hold: a batch never leaves without a permit
 * for it. (Counting the guard's free permits before a batch leaves was the alternative: it races with
 * every other caller of the guard between the count and the call, and it still needs a wake-up when a
 * permit frees, which is this same hook.)
 *
 * <p><b>Deadlines.</b> Each request's own deadline is stamped under the lock and kept in
 * {@link Deadlines}, behind one timer per queue (a scheduled task per request was the largest cost of
 * collapsing); answered requests are dropped when their batch ends.
 */
final class BatchQueue<A, R> {

    private final Collapser<A, R> owner;
    private final RequestContext context;
    private final ReentrantLock lock = new ReentrantLock();
    private ArrayList<CollapsedRequest<A, R>> gathering = new ArrayList<>();
    private final ArrayDeque<List<CollapsedRequest<A, R>>> closed = new ArrayDeque<>();
    private int batchesInFlight;
    private Cancellable timer;
    private long timerGeneration;
    private long timerDue;          // ticker nanos the pending timer fires at (valid while timer != null)
    private long lingerStart;       // the gathering batch's linger start (valid while gathering is not empty)
    private long lastArrival;       // the gathering batch's latest arrival (valid while gathering is not empty)
    private final LoadAwarePacing pacing = new LoadAwarePacing();
    private final Deadlines<A, R> deadlines = new Deadlines<>();
    private final LongConsumer deadlineFired = this::onDeadlineTimer; // one instance, not one per request

    BatchQueue(Collapser<A, R> owner, RequestContext context) {
        this.owner = owner;
        this.context = context;
    }

    /** The context the batch calls run in: the request's for REQUEST scope, none for GLOBAL. */
    RequestContext context() {
        return context;
    }

    /**
     * Adds a request whose own deadline is {@code deadlineNanos} from now (none if not positive); it may
     * leave at once (possibly on this thread) or wait for its batch.
     */
    void add(CollapsedRequest<A, R> request, long deadlineNanos) {
        List<List<CollapsedRequest<A, R>>> leaving;
        boolean armAlone = false;
        lock.lock();
        try {
            long now = owner.ticker().read();
            request.stamp(now);
            if (deadlineNanos > 0) {
                if (deadlines.add(request, now + deadlineNanos)) {
                    deadlines.arm(now, owner.scheduler(), deadlineFired);
                } else {
                    armAlone = true; // a shorter deadline than those before it: its own task keeps it on time
                }
            }
            CollapserConfig config = owner.config();
            if (config.dispatchStrategy() == DispatchStrategy.LOAD_AWARE && batchesInFlight == 0
                    && gathering.isEmpty() && closed.isEmpty() && owner.maxBatchesInFlight() > 0) {
                List<CollapsedRequest<A, R>> alone = new ArrayList<>(1);
                alone.add(request);
                leaving = take(null, alone, now); // idle: at once, no linger, no pacing
            } else {
                if (gathering.isEmpty()) {
                    lingerStart = now;
                }
                lastArrival = now;
                gathering.add(request);
                closeIfFull(config);
                leaving = decide(config, now, false);
            }
        } finally {
            lock.unlock();
        }
        if (armAlone) {
            request.armDeadline(deadlineNanos);
        }
        send(leaving);
    }

    /**
     * The deadline timer's task, on the timer thread: the requests past their own deadline expire
     * (each only claims its outcome there; see {@link CollapsedRequest#expire()}), outside the lock.
     */
    private void onDeadlineTimer(long generation) {
        List<CollapsedRequest<A, R>> due;
        lock.lock();
        try {
            if (!deadlines.fired(generation)) {
                return;
            }
            long now = owner.ticker().read();
            due = deadlines.takeDue(now);
            deadlines.arm(now, owner.scheduler(), deadlineFired);
        } finally {
            lock.unlock();
        }
        if (due != null) {
            for (CollapsedRequest<A, R> request : due) {
                request.expire();
            }
        }
    }

    /**
     * A dispatched batch has ended: every request of it has its outcome and every shard's call has given
     * its guard permit back (see the class Javadoc). Frees its slot and feeds the pacing how long the
     * slot was held.
     *
     * @param departedAt the ticker time the batch left (as passed to {@code Collapser.dispatch})
     * @param called false if no call was made (every request had left): then no latency sample
     */
    void batchEnded(long departedAt, boolean called) {
        List<List<CollapsedRequest<A, R>>> leaving;
        lock.lock();
        try {
            long now = owner.ticker().read();
            CollapserConfig config = owner.config();
            boolean wasWaitingForSlot = !gathering.isEmpty() && batchesInFlight >= owner.maxBatchesInFlight();
            batchesInFlight--;
            deadlines.prune(); // its requests have their outcome: no deadline to keep for them
            if (called) {
                pacing.batchEnded(now - departedAt);
            }
            if (wasWaitingForSlot && config.dispatchStrategy() == DispatchStrategy.LOAD_AWARE) {
                // A slot frees for a batch that waited for one: the group this batch's callers form on
                // their way back may arrive now; the linger starts over for them (at most once per freed slot).
                lingerStart = now;
                lastArrival = now;
            }
            leaving = decide(config, now, false);
        } finally {
            lock.unlock();
        }
        send(leaving);
    }

    /** The configuration changed: a full batch may now leave, a timer may need to start or move. */
    void reconsider() {
        List<List<CollapsedRequest<A, R>>> leaving;
        lock.lock();
        try {
            CollapserConfig config = owner.config();
            closeIfFull(config);
            cancelTimer(); // its due time may no longer hold; decide arms the right one
            leaving = decide(config, owner.ticker().read(), false);
        } finally {
            lock.unlock();
        }
        send(leaving);
    }

    /**
     * The window's or linger's timer task. Its batches leave from here (the guard's hand-off to a pool or
     * a virtual thread is cheap), marked as a timer task so that the guard hands off whatever would run
     * user code inline (a short-circuited or rejected batch's fallbacks and listeners).
     */
    private void onTimer(long generation) {
        OffTimer.asTimerTask(() -> decideOnTimer(generation));
    }

    private void decideOnTimer(long generation) {
        List<List<CollapsedRequest<A, R>>> leaving;
        lock.lock();
        try {
            if (timer == null || generation != timerGeneration) {
                return; // replaced or cancelled after it was already due
            }
            timer = null;
            leaving = decide(owner.config(), owner.ticker().read(), true);
        } finally {
            lock.unlock();
        }
        send(leaving);
    }

    /**
     * Under the lock, as the gathering batch leaves or closes: the next one's list, sized for as many
     * requests as this one had (capped by {@code maxRequestsInBatch}), so that a steady batch size does
     * not grow its list seven times over on the way to 100.
     */
    private ArrayList<CollapsedRequest<A, R>> nextGathering(CollapserConfig config) {
        return new ArrayList<>(Math.max(10, Math.min(gathering.size(), config.maxRequestsInBatch())));
    }

    /** Under the lock: a gathering batch that reached {@code maxRequestsInBatch} is closed. */
    private void closeIfFull(CollapserConfig config) {
        if (gathering.size() >= config.maxRequestsInBatch()) {
            closed.add(gathering);
            gathering = nextGathering(config);
            cancelTimer();
        }
    }

    /** Under the lock: the batches that leave now; arms the timer the waiting requests need. */
    private List<List<CollapsedRequest<A, R>>> decide(CollapserConfig config, long now, boolean timerFired) {
        List<List<CollapsedRequest<A, R>>> leaving = null;
        if (config.dispatchStrategy() == DispatchStrategy.TIMER) {
            while (!closed.isEmpty()) {
                leaving = take(leaving, closed.poll(), now);
            }
            if (timerFired && !gathering.isEmpty()) {
                leaving = take(leaving, gathering, now);
                gathering = nextGathering(config);
            }
            if (!gathering.isEmpty() && timer == null) {
                startTimer(now, config.timerDelay().toNanos());
            }
            return leaving;
        }
        int slots = owner.maxBatchesInFlight();
        while (!closed.isEmpty() && batchesInFlight < slots) { // full batches: at a free slot
            leaving = take(leaving, closed.poll(), now);
        }
        if (gathering.isEmpty() || !closed.isEmpty() || batchesInFlight >= slots) {
            if (gathering.isEmpty()) {
                cancelTimer();
            }
            return leaving; // nothing to send, or waiting for a slot: batchEnded decides again
        }
        long wait = Math.max(lingerWait(config, now, slots), pacing.waitNanos(now, batchesInFlight, slots));
        if (wait <= 0) {
            cancelTimer();
            leaving = take(leaving, gathering, now);
            gathering = nextGathering(config);
        } else if (timer == null || timerDue - (now + wait) > 0) {
            cancelTimer(); // none pending, or the pending one is due later than needed
            startTimer(now, wait);
        } // else the pending timer fires no later than needed and decides again then
        return leaving;
    }

    /**
     * Nanoseconds until the gathering batch's linger ends (0: it has ended). The linger never exceeds
     * the pacing interval (smoothed batch latency / k) once that is known: lingering longer than the
     * spacing between batches gathers nothing a paced batch would not, and a fast dependency (a 10 ms
     * call) must not wait 20 ms for companions.
     */
    private long lingerWait(CollapserConfig config, long now, int slots) {
        long max = config.loadAwareLingerInMicroseconds() * 1_000L;
        long interval = pacing.intervalNanos(slots);
        if (interval > 0) {
            max = Math.min(max, interval);
        }
        long gap = config.loadAwareLingerGapInMicroseconds() * 1_000L;
        long untilMax = max - (now - lingerStart);
        long wait = gap > 0 ? Math.min(untilMax, gap - (now - lastArrival)) : untilMax;
        return Math.max(0L, wait);
    }

    private List<List<CollapsedRequest<A, R>>> take(List<List<CollapsedRequest<A, R>>> leaving,
            List<CollapsedRequest<A, R>> batch, long now) {
        List<List<CollapsedRequest<A, R>>> out = leaving == null ? new ArrayList<>(2) : leaving;
        out.add(batch);
        pacing.departed(now, batchesInFlight, owner.maxBatchesInFlight());
        batchesInFlight++;
        return out;
    }

    private void startTimer(long now, long nanos) {
        long generation = ++timerGeneration;
        timerDue = now + nanos;
        // Scheduling under the lock is safe: schedulers run tasks outside their own locks.
        timer = owner.windowScheduler().schedule(nanos, () -> onTimer(generation));
    }

    private void cancelTimer() {
        if (timer != null) {
            timer.cancel();
            timer = null;
            timerGeneration++;
        }
    }

    private void send(List<List<CollapsedRequest<A, R>>> leaving) {
        if (leaving != null) {
            long departedAt = owner.ticker().read();
            for (List<CollapsedRequest<A, R>> batch : leaving) {
                Trampoline.run(() -> owner.dispatch(batch, this, departedAt));
            }
        }
    }

    /** The smoothed batch latency the pacing uses, 0 before a batch has ended (for tests and operations). */
    long smoothedBatchLatencyNanos() {
        lock.lock();
        try {
            return pacing.latencyNanos();
        } finally {
            lock.unlock();
        }
    }

    /** Requests the deadline timer still tracks, answered ones not yet dropped included (for tests). */
    int deadlinesTracked() {
        lock.lock();
        try {
            return deadlines.size();
        } finally {
            lock.unlock();
        }
    }

    /** Batch dispatches not yet ended (for tests and metrics). */
    int batchesInFlight() {
        lock.lock();
        try {
            return batchesInFlight;
        } finally {
            lock.unlock();
        }
    }

    /** Requests waiting in this queue, gathering or in closed batches (cancelled ones included until dispatch). */
    int waiting() {
        lock.lock();
        try {
            int n = gathering.size();
            for (List<CollapsedRequest<A, R>> batch : closed) {
                n += batch.size();
            }
            return n;
        } finally {
            lock.unlock();
        }
    }
}
