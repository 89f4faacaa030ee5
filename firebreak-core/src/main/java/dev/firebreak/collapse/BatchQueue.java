package dev.firebreak.collapse;

import dev.firebreak.context.RequestContext;
import dev.firebreak.time.Cancellable;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.ReentrantLock;

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
 * <p><b>LOAD_AWARE</b>: at most k batches in flight (k = {@code loadAware.maxBatchesInFlight}, or the
 * batch guard's concurrency bound when 0). While a slot is free, the first waiting request starts a
 * linger of {@code loadAware.lingerInMicroseconds} (0: none, it leaves at once on its caller's thread)
 * and the batch leaves when the linger ends, if a slot is still free. While every slot is busy the
 * requests gather; when a slot frees, a linger starts for them (or they leave at once with no linger).
 * A batch reaching {@code maxRequestsInBatch} is closed and leaves as soon as a slot is free, ahead of
 * the one gathering behind it.
 *
 * <p>Invariants: all state is guarded by {@link #lock}; decisions are taken under it and the batches
 * leave after it is released. At most one timer (window or linger) is pending, identified by its
 * generation so that a timer that fires after being replaced does nothing. Under LOAD_AWARE,
 * {@code batchesInFlight <= k} whenever a batch leaves (k may shrink live; then no batch leaves until
 * enough end). Every batch taken from the queue is handed to the collapser exactly once, and every
 * dispatch ends with exactly one {@link #batchEnded()}.
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

    BatchQueue(Collapser<A, R> owner, RequestContext context) {
        this.owner = owner;
        this.context = context;
    }

    /** The context the batch calls run in: the request's for REQUEST scope, none for GLOBAL. */
    RequestContext context() {
        return context;
    }

    /** Adds a request; it may leave at once (possibly on this thread) or wait for its batch. */
    void add(CollapsedRequest<A, R> request) {
        List<List<CollapsedRequest<A, R>>> leaving;
        lock.lock();
        try {
            gathering.add(request);
            CollapserConfig config = owner.config();
            if (gathering.size() >= config.maxRequestsInBatch()) {
                closed.add(gathering);
                gathering = new ArrayList<>();
                cancelTimer();
            }
            leaving = decide(config, false);
        } finally {
            lock.unlock();
        }
        send(leaving);
    }

    /** A dispatched batch has ended (all its shards): frees its slot. */
    void batchEnded() {
        List<List<CollapsedRequest<A, R>>> leaving;
        lock.lock();
        try {
            batchesInFlight--;
            leaving = decide(owner.config(), false);
        } finally {
            lock.unlock();
        }
        send(leaving);
    }

    /** The configuration changed: a full batch may now leave, a timer may need to start. */
    void reconsider() {
        List<List<CollapsedRequest<A, R>>> leaving;
        lock.lock();
        try {
            CollapserConfig config = owner.config();
            if (gathering.size() >= config.maxRequestsInBatch()) {
                closed.add(gathering);
                gathering = new ArrayList<>();
                cancelTimer();
            }
            leaving = decide(config, false);
        } finally {
            lock.unlock();
        }
        send(leaving);
    }

    private void onTimer(long generation) {
        List<List<CollapsedRequest<A, R>>> leaving;
        lock.lock();
        try {
            if (timer == null || generation != timerGeneration) {
                return; // replaced or cancelled after it was already due
            }
            timer = null;
            leaving = decide(owner.config(), true);
        } finally {
            lock.unlock();
        }
        send(leaving);
    }

    /** Under the lock: the batches that leave now; starts the timer the waiting requests need. */
    private List<List<CollapsedRequest<A, R>>> decide(CollapserConfig config, boolean timerFired) {
        List<List<CollapsedRequest<A, R>>> leaving = null;
        if (config.dispatchStrategy() == DispatchStrategy.TIMER) {
            while (!closed.isEmpty()) {
                leaving = take(leaving, closed.poll());
            }
            if (timerFired && !gathering.isEmpty()) {
                leaving = take(leaving, gathering);
                gathering = new ArrayList<>();
            }
            if (!gathering.isEmpty() && timer == null) {
                startTimer(config.timerDelayInMilliseconds() * 1_000_000L);
            }
            return leaving;
        }
        int slots = owner.maxBatchesInFlight();
        while (!closed.isEmpty() && batchesInFlight < slots) {
            leaving = take(leaving, closed.poll());
        }
        if (!gathering.isEmpty() && closed.isEmpty() && batchesInFlight < slots) {
            long lingerNanos = config.loadAwareLingerInMicroseconds() * 1_000L;
            if (lingerNanos == 0 || timerFired) {
                cancelTimer();
                leaving = take(leaving, gathering);
                gathering = new ArrayList<>();
            } else if (timer == null) {
                startTimer(lingerNanos);
            }
        }
        return leaving;
    }

    private List<List<CollapsedRequest<A, R>>> take(List<List<CollapsedRequest<A, R>>> leaving,
            List<CollapsedRequest<A, R>> batch) {
        List<List<CollapsedRequest<A, R>>> out = leaving == null ? new ArrayList<>(2) : leaving;
        out.add(batch);
        batchesInFlight++;
        return out;
    }

    private void startTimer(long nanos) {
        long generation = ++timerGeneration;
        // Scheduling under the lock is safe: schedulers run tasks outside their own locks.
        timer = owner.scheduler().schedule(nanos, () -> onTimer(generation));
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
            for (List<CollapsedRequest<A, R>> batch : leaving) {
                Trampoline.run(() -> owner.dispatch(batch, this));
            }
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
