package dev.firebreak.priority;

import dev.firebreak.attempt.Admission;
import dev.firebreak.context.Criticality;
import dev.firebreak.event.EventType;
import dev.firebreak.event.ListenerFailures;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.IntSupplier;
import java.util.function.LongSupplier;

/**
 * A guard's priority-aware limit: an {@link Admission} held until the user's code ends, entered just
 * before the isolation, that refuses lower criticality first when the guard's concurrency limit (static
 * or adaptive) is reached. The pipeline's; users see it through {@link PriorityView}.
 *
 * <p><b>The limit in force</b> is the isolation's limit read at each admission
 * ({@code limit.getAsInt()}: the SEMAPHORE/VIRTUAL bulkhead's static or adaptive limit, a pool's threads
 * plus queue). Every admission here takes its place with a compare-and-set that fails at that limit, so
 * the calls this gate holds never exceed the limit in force when they entered (and the isolation, still
 * last, refuses above it too); a limit that falls below the calls in flight admits nothing until enough
 * have ended. With partitions ({@code priority.share.*}) nothing changes in that bound: a share is a part
 * of it, never an addition.
 *
 * <p><b>Critical calls may wait.</b> One exception to that bound, without partitions: when the isolation
 * has a wait for a permit in force ({@code execution.isolation.semaphore.maxWaitInMilliseconds} or
 * {@code virtual.maxWaitInMilliseconds}), CRITICAL_PLUS and CRITICAL calls that find the limit full pass
 * this gate and wait in the isolation's queue, oldest first, for at most that wait (never past the
 * timeout); the isolation still runs at most the limit. Both levels then queue in arrival order (CRITICAL
 * no longer leaves the last place to CRITICAL_PLUS). Sheddable calls do not wait: they stop at their
 * ceiling, which counts the waiting calls too (only a limit that falls between this gate and the
 * isolation can leave one to wait there). Why: refusing at the limit makes it a loss system, and a
 * Poisson critical load near the limit loses a share of its calls at their peaks whatever the threshold
 * does (Erlang B: 35 calls on average against a limit of 40 loses 5.6 % of them); a short wait turns those
 * peaks into a little latency instead (Erlang C: the same load waits more than 100 ms in under 3 % of its
 * calls). With partitions the shares decide instead, and nothing passes above the limit.
 *
 * <p>Each attempt, of level {@link Criticality#current()}:
 * <ol>
 *   <li>gets a score: its level's band plus a random sub-level ({@link ThresholdController#SPREAD} per
 *       level, so the threshold can cut inside a level), recorded for the next calibration;</li>
 *   <li>with partitions, if its level's calls in flight are under the level's guaranteed share
 *       ({@code floor(share% x limit)}), it is admitted while the limit has room, whatever its score;</li>
 *   <li>otherwise a score under the threshold is refused; then a sheddable call (SHEDDABLE_PLUS,
 *       SHEDDABLE) is refused at the ceiling ({@code targetUtilizationPercent} of the limit), so the last
 *       part of the limit stays free for critical arrivals; with partitions, a call beyond its share
 *       (borrowing) is also refused where it would take the unused share of a level active in this or
 *       the last calibration interval. Idle levels' shares are free to borrow.</li>
 * </ol>
 *
 * <p>The invariant of partitions (proved in PriorityPartitionTest): while the limit and the set of
 * active levels stay the same, {@code inFlight + sum over active levels of max(0, share - inFlight(level))
 * <= limit}, so a call of an active level under its share always finds room. A borrower admitted while a
 * level was idle, or a limit that falls, can break it for as long as those calls run; it then holds again.
 *
 * <p>Calibration runs on the calling threads: the first caller to find {@code calibrationInterval} passed
 * since the last one (on the guard's {@link dev.firebreak.time.Ticker}) wins a compare-and-set on that
 * time and recalibrates, which costs it about a microsecond. Chosen over the registry's scheduler because
 * it needs no task to start, reschedule or cancel with the guard, runs only while the guard has traffic
 * (an idle guard costs nothing), and a test drives it with the manual clock and plain calls.
 */
public final class PriorityGate implements Admission {

    private static final Criticality[] LEVELS = Criticality.values();
    private static final int SUB_LEVEL_SHIFT = Long.SIZE - Integer.numberOfTrailingZeros(ThresholdController.SPREAD);

    private final IntSupplier limit;
    private final IntSupplier waiting;
    private final LongSupplier isolationWait;
    private final AtomicInteger inFlight = new AtomicInteger();
    private final AtomicIntegerArray levelsInFlight = new AtomicIntegerArray(4);
    private final AtomicLongArray scores = new AtomicLongArray(ThresholdController.SCORES);
    private final AtomicLong sequence = new AtomicLong();
    private long sequenceAtCalibration; // the calibrating thread's
    private final LongAdder passed = new LongAdder();
    private final LongAdder refusedDownstream = new LongAdder();
    private final LongAdder criticalRefusedDownstream = new LongAdder();
    private final LongAdder inFlightSeen = new LongAdder();
    private final LongAdder[] rejected = {new LongAdder(), new LongAdder(), new LongAdder(), new LongAdder()};
    private final AtomicLong lastCalibration;
    private final AtomicInteger calibrating = new AtomicInteger();
    private final ThresholdController controller = new ThresholdController();
    private final long[] intervalScores = new long[ThresholdController.SCORES];
    private final long[] lastSeenEpoch = new long[4]; // under partitionLock
    private final Object partitionLock = new Object();
    private final CopyOnWriteArrayList<PriorityListener> listeners = new CopyOnWriteArrayList<>();
    private volatile PriorityConfig config;
    private volatile int threshold;
    private volatile double admitFraction = 1.0;
    private volatile long epoch = 2;

    /**
     * @param config the configuration ({@code priority.*})
     * @param limit the limit in force, read at each admission
     * @param waiting the calls waiting for an isolation permit now (0 if the isolation has no wait)
     * @param nowNanos the guard's ticker reading at creation
     */
    public PriorityGate(PriorityConfig config, IntSupplier limit, IntSupplier waiting, long nowNanos) {
        this(config, limit, waiting, () -> 0L, nowNanos);
    }

    /**
     * @param config the configuration ({@code priority.*})
     * @param limit the limit in force, read at each admission
     * @param waiting the calls waiting for an isolation permit now (0 if the isolation has no wait)
     * @param isolationWait the isolation's wait for a permit in force, in nanoseconds, read when a critical
     *     call finds the limit full (0: it is refused there)
     * @param nowNanos the guard's ticker reading at creation
     */
    public PriorityGate(PriorityConfig config, IntSupplier limit, IntSupplier waiting, LongSupplier isolationWait, long nowNanos) {
        this.config = Objects.requireNonNull(config, "config");
        this.limit = Objects.requireNonNull(limit, "limit");
        this.waiting = Objects.requireNonNull(waiting, "waiting");
        this.isolationWait = Objects.requireNonNull(isolationWait, "isolationWait");
        this.lastCalibration = new AtomicLong(nowNanos);
    }

    /** Takes a new configuration's live values (every {@code priority.*} key but {@code enabled}). */
    public void reconfigure(PriorityConfig next) {
        config = Objects.requireNonNull(next, "config");
    }

    @Override
    public Object enter(long nowNanos) {
        Criticality level = Criticality.current();
        int o = level.ordinal();
        PriorityConfig c = config;
        long last = lastCalibration.get();
        if (nowNanos - last >= c.calibrationInterval().toNanos()) {
            calibrate(c, last, nowNanos);
        }
        // The sub-level: a Weyl sequence over the arrivals (golden-ratio steps), spread evenly over the
        // band within any run of arrivals and deterministic, where a random draw would only add noise.
        long seq = sequence.getAndIncrement();
        int score = ThresholdController.base(o) + (int) ((seq * 0x9E3779B97F4A7C15L) >>> SUB_LEVEL_SHIFT);
        scores.getAndIncrement(score);
        inFlightSeen.add(inFlight.get());
        int lim = limit.getAsInt();
        Object permit = c.partitioned() ? enterPartitioned(c, level, score, lim) : enterShared(c, level, score, lim);
        if (permit == null) {
            refused(level, lim, nowNanos);
        } else {
            passed.increment();
        }
        return permit;
    }

    private Object enterShared(PriorityConfig c, Criticality level, int score, int lim) {
        if (score < threshold) {
            return null;
        }
        if (!take(Math.min(ceiling(c, level, lim), lim)) && !(waitsWhenFull(level) && take(Integer.MAX_VALUE))) {
            refusedAfterThreshold(level);
            return null;
        }
        levelsInFlight.getAndIncrement(level.ordinal());
        return level;
    }

    private Object enterPartitioned(PriorityConfig c, Criticality level, int score, int lim) {
        int o = level.ordinal();
        synchronized (partitionLock) {
            long now = epoch;
            lastSeenEpoch[o] = now;
            int bound;
            if (levelsInFlight.get(o) < share(c, level, lim)) {
                bound = lim; // within its guaranteed share: only the limit itself
            } else {
                if (score < threshold) {
                    return null;
                }
                int reserved = 0;
                for (Criticality other : LEVELS) {
                    int j = other.ordinal();
                    if (j != o && now - lastSeenEpoch[j] <= 1) {
                        reserved += Math.max(0, share(c, other, lim) - levelsInFlight.get(j));
                    }
                }
                bound = Math.min(ceiling(c, level, lim), lim - reserved);
            }
            if (!take(Math.min(bound, lim))) {
                refusedAfterThreshold(level);
                return null;
            }
            levelsInFlight.getAndIncrement(o);
        }
        return level;
    }

    /** A critical call that found the limit full goes on to wait in the isolation's queue (see the class comment). */
    private boolean waitsWhenFull(Criticality level) {
        return level.compareTo(Criticality.CRITICAL) <= 0 && isolationWait.getAsLong() > 0L;
    }

    /** Takes a place if fewer than {@code most} calls are in flight (held here: running, or waiting behind). */
    private boolean take(int most) {
        for (;;) {
            int n = inFlight.get();
            if (n >= most) {
                return false;
            }
            if (inFlight.compareAndSet(n, n + 1)) {
                return true;
            }
        }
    }

    /** How many calls may be in flight when {@code level} enters: sheddable levels stop at the target share, CRITICAL a little under the limit. */
    static int ceiling(PriorityConfig c, Criticality level, int lim) {
        if (level == Criticality.CRITICAL_PLUS) {
            return lim;
        }
        if (level == Criticality.CRITICAL) { // the last place stays free for CRITICAL_PLUS
            return lim >= 10 ? lim - 1 : lim;
        }
        return Math.max(1, (int) ((long) lim * c.targetUtilizationPercent() / 100));
    }

    /** A level's guaranteed share of {@code lim}: {@code floor(lim x share% / 100)}; the shares add up to at most lim. */
    static int share(PriorityConfig c, Criticality level, int lim) {
        return (int) ((long) lim * c.sharePercent(level) / 100);
    }

    @Override
    public EventType refusal() {
        return EventType.LIMIT_REJECTED;
    }

    @Override
    public void exit(Object permit, EventType event, long executionNanos, long nowNanos) {
        Criticality level = (Criticality) permit;
        if (config.partitioned()) {
            synchronized (partitionLock) { // as one step with the admissions that read both counts
                levelsInFlight.getAndDecrement(level.ordinal());
                inFlight.getAndDecrement();
            }
        } else {
            levelsInFlight.getAndDecrement(level.ordinal());
            inFlight.getAndDecrement();
        }
        if (event == EventType.LIMIT_REJECTED || event == EventType.SEMAPHORE_REJECTED
                || event == EventType.THREAD_POOL_REJECTED) {
            // Let through here, refused by the isolation behind: the same interval's pressure.
            passed.decrement();
            refusedAfterThreshold(level);
        }
    }

    private void refusedAfterThreshold(Criticality level) {
        refusedDownstream.increment();
        if (level == Criticality.CRITICAL_PLUS) {
            criticalRefusedDownstream.increment();
        }
    }

    @Override
    public Hold hold() {
        return Hold.UNTIL_WORK_ENDS;
    }

    @Override
    public boolean coarseTimeSuffices() {
        return true; // calibration intervals are at least 10 ms
    }

    private void refused(Criticality level, int lim, long nowNanos) {
        rejected[level.ordinal()].increment();
        if (!listeners.isEmpty()) {
            int t = threshold;
            for (PriorityListener listener : listeners) {
                try {
                    listener.onRefused(level, t, lim, nowNanos);
                } catch (Throwable thrown) {
                    ListenerFailures.report(listener, "a priority refusal", thrown);
                }
            }
        }
    }

    /** One calibration, by the caller that wins the interval's compare-and-set (see the class comment). */
    private void calibrate(PriorityConfig c, long last, long nowNanos) {
        if (!calibrating.compareAndSet(0, 1)) {
            return;
        }
        try {
            if (!lastCalibration.compareAndSet(last, nowNanos)) {
                return;
            }
            long interval = c.calibrationInterval().toNanos();
            long idle = Math.max(0, (nowNanos - last) / interval - 1);
            for (int s = 0; s < ThresholdController.SCORES; s++) {
                intervalScores[s] = scores.getAndSet(s, 0);
            }
            long seq = sequence.get();
            long n = seq - sequenceAtCalibration;
            sequenceAtCalibration = seq;
            long through = passed.sumThenReset();
            long downstream = refusedDownstream.sumThenReset();
            long criticalDownstream = criticalRefusedDownstream.sumThenReset();
            long seen = inFlightSeen.sumThenReset();
            int lim = limit.getAsInt();
            double ceiling = (double) lim * c.targetUtilizationPercent() / 100;
            threshold = controller.calibrate(intervalScores, n, Math.max(0, through), downstream, criticalDownstream, seen, lim, ceiling,
                    waiting.getAsInt(), idle);
            admitFraction = controller.admitFraction();
            epoch = epoch + 1;
        } finally {
            calibrating.set(0);
        }
    }

    // ------------------------------------------------------------------ what PriorityView reads

    PriorityConfig config() {
        return config;
    }

    int threshold() {
        return threshold;
    }

    double admitFraction() {
        return admitFraction;
    }

    long rejected(Criticality level) {
        return rejected[level.ordinal()].sum();
    }

    int inFlight() {
        return inFlight.get();
    }

    int inFlight(Criticality level) {
        return levelsInFlight.get(level.ordinal());
    }

    int limit() {
        return limit.getAsInt();
    }

    List<PriorityListener> listeners() {
        return listeners;
    }
}
