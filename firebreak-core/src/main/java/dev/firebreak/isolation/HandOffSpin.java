package dev.firebreak.isolation;

import dev.firebreak.time.Ticker;
import java.util.concurrent.atomic.AtomicInteger;

/*
 * Whether a thread waiting for a hand-off spins a little before it parks: an idle pool thread waiting
 * for its next task, or a caller waiting for its call's outcome. A spin that ends with the awaited
 * thing in hand saves a park/unpark pair (a futex wake and a context switch); a spin that ends in a
 * park anyway only burned CPU, and on a busy machine it took the core the awaited thread needed. So each site (a pool's idle threads, a guard's waiting callers) adapts,
 * as a JVM does for contended monitors:
 *
 * - Spin while it pays. A score keeps the recent outcomes: +UP for a spin that
 *       found the work, -DOWN for one that parked anyway, clamped to [0, SCORE_MAX].
 *       The site spins while the score is at least THRESHOLD: once it is high, while about
 *       two spins out of three pay; near the threshold, one park stops the spinning.
 * - Probe in bursts. Below the threshold, PROBE_BURST waits in every
 *       PROBE_PERIOD spin, one after the other, and a probe that finds the work brings the
 *       score back to the threshold: so a site that stopped spinning on a busy machine starts again
 *       when the machine is quiet. Bursts, because a hand-off to a pool pays only when both sides
 *       spin (the caller for the result, the pool thread for the next task): a THREAD pool and its
 *       callers share one site, so their probes fall in the same burst, where single probes
 *       would each find the other side parked.
 * - Never more spinners than cores. A waiter spins only while fewer threads of the JVM
 *       spin than there are cores (Runtime#availableProcessors()); otherwise it parks at once.
 *       (A spinning caller and a spinning pool thread waiting for each other's next step is the case
 *       that pays, so the cap does not keep a core free: a spin that starves the thread it waits for
 *       fails, and the score stops such spins.)
 * - Bounded in time. One spin lasts at most DEFAULT_SPIN_NANOS ns of the machine's
 *       real time: a spinner reads the system clock every CHECK_EVERY rounds of
 *       Thread#onSpinWait() (goOn). A bound in rounds is a different time on every
 *       processor (a round's length differs several-fold between processors: a bound in rounds
 *       tuned on one was too short on another to meet the other side's next step, and every spin
 *       there ended in a park). The bound reads the real clock, not the guard's ticker, on
 *       purpose: a spin is a use of the processor, not a scheduled event, and a test's manual clock
 *       would never end it.
 *
 * -Dfirebreak.handoff.spins=N overrides it for the whole JVM: 0 never spins, N > 0
 * always spins N rounds (no score, no cap, no time bound).
 *
 * Invariants: a begin() that returned a positive count is followed by exactly one
 * end(boolean) (callers use try/finally), so the JVM-wide spinner count returns to zero and
 * never exceeds its cap (it is raised by compare-and-set below the cap only). The score and the probe
 * counter are updated with racy read-then-write on purpose: a lost update delays the adaptation by one
 * outcome and nothing else, and every write is clamped, so the score stays within its bounds.
 */
/**
 * Not an API (public for the guard's engine only): whether a thread waiting for a hand-off, an idle
 * pool thread or a caller waiting for its call's outcome, spins a little before it parks. It adapts by
 * itself; {@code -Dfirebreak.handoff.spins=N} overrides it for the whole JVM: {@code 0} never spins,
 * {@code N > 0} always spins N rounds.
 */
public final class HandOffSpin {

    /** The longest one adaptive spin lasts, in nanoseconds of real time. */
    static final long DEFAULT_SPIN_NANOS = 5_000;
    /** Rounds between two readings of the clock in a timed spin (a power of two). */
    static final int CHECK_EVERY = 16;
    /** An adaptive spin's bound in rounds, a backstop only: its time bound ends it long before. */
    static final int MAX_ROUNDS = 1 << 20;
    static final int UP = 1;
    static final int DOWN = 2;
    static final int SCORE_MAX = 16;
    static final int THRESHOLD = 4;
    static final int PROBE_PERIOD = 256;
    static final int PROBE_BURST = 16;

    /** The override, {@code -Dfirebreak.handoff.spins}: null when absent (adaptive). */
    private static final Integer OVERRIDE = Integer.getInteger("firebreak.handoff.spins");
    private static final int MAX_SPINNERS = Runtime.getRuntime().availableProcessors();
    private static final AtomicInteger SPINNERS = new AtomicInteger();

    /** The site of callers whose isolator has none of its own. */
    private static final HandOffSpin SHARED = site();

    private final int rounds;
    private final long spinNanos; // Long.MAX_VALUE: bounded by rounds only (a fixed site)
    private final boolean adaptive;
    private final int maxSpinners;
    private final AtomicInteger spinners;
    private volatile int score = THRESHOLD; // optimistic: a new site spins until the outcomes say otherwise
    private int probes; // racy on purpose: only its low bits pick the probes

    private HandOffSpin(int rounds, long spinNanos, boolean adaptive, int maxSpinners, AtomicInteger spinners) {
        this.rounds = rounds;
        this.spinNanos = spinNanos;
        this.adaptive = adaptive;
        this.maxSpinners = maxSpinners;
        this.spinners = spinners;
    }

    /** A new site as configured for this JVM: adaptive unless {@code -Dfirebreak.handoff.spins} is set. */
    public static HandOffSpin site() {
        if (OVERRIDE != null) {
            return fixed(OVERRIDE);
        }
        return new HandOffSpin(MAX_ROUNDS, DEFAULT_SPIN_NANOS, true, MAX_SPINNERS, SPINNERS);
    }

    /** Where the callers waiting for {@code isolator}'s calls decide whether to spin: its site, else one shared. */
    public static HandOffSpin forCallersOf(Object isolator) {
        return isolator instanceof Site site ? site.callerSpin() : SHARED;
    }

    /** A site that always spins {@code rounds} rounds (0: never), with no score and no cap. */
    static HandOffSpin fixed(int rounds) {
        return new HandOffSpin(Math.max(0, rounds), Long.MAX_VALUE, false, 0, null);
    }

    /** An adaptive site with its own bound in rounds, cap and spinner count, and the default time bound (for tests). */
    static HandOffSpin adaptive(int rounds, int maxSpinners, AtomicInteger spinners) {
        return new HandOffSpin(rounds, DEFAULT_SPIN_NANOS, true, maxSpinners, spinners);
    }

    /** The most rounds one spin lasts (an adaptive site's spin is bounded in time long before). */
    public int rounds() {
        return rounds;
    }

    /**
     * The reading a spin that {@link #begin()} allowed starts from, for {@link #goOn}: the system clock's
     * (0 for a site bounded by rounds only, which never reads it).
     */
    public long spinStart() {
        return spinNanos == Long.MAX_VALUE ? 0L : Ticker.system().read();
    }

    /**
     * Whether a spin begun at {@code start} ({@link #spinStart()}) that has done {@code round} rounds
     * goes on for one more: within {@link #rounds()}, and within the time bound, which is read every
     * {@value #CHECK_EVERY} rounds only (a reading costs one or two rounds).
     */
    public boolean goOn(int round, long start) {
        return round < rounds && ((round & (CHECK_EVERY - 1)) != CHECK_EVERY - 1
                || Ticker.system().read() - start < spinNanos);
    }

    /**
     * Decides whether this wait spins: positive, the most rounds it may spin ({@link #rounds()}; spin while
     * {@link #goOn} says so, then call {@link #end} once, in a finally), or 0 (park at once; do not call
     * {@code end}).
     */
    public int begin() {
        if (!adaptive || rounds == 0) {
            return rounds;
        }
        if (score < THRESHOLD) {
            int probe = probes + 1;
            probes = probe;
            if ((probe & (PROBE_PERIOD - 1)) >= PROBE_BURST) {
                return 0;
            }
        }
        int now = spinners.get();
        if (now >= maxSpinners || !spinners.compareAndSet(now, now + 1)) {
            return 0; // enough threads spin already (or one just joined): leave the core
        }
        return rounds;
    }

    /** Ends a spin that {@link #begin()} allowed: {@code found} if the awaited work came within it. */
    public void end(boolean found) {
        if (!adaptive) {
            return;
        }
        spinners.decrementAndGet();
        int s = score;
        score = found ? Math.min(SCORE_MAX, Math.max(THRESHOLD, s + UP)) : Math.max(0, s - DOWN);
    }

    /** The current score (for tests and diagnostics). */
    int score() {
        return score;
    }

    /** Whether this site adapts (false: overridden by {@code -Dfirebreak.handoff.spins}). */
    boolean adaptive() {
        return adaptive;
    }

    /** Something whose waiting callers share one spin site (a VIRTUAL isolator; a THREAD pool, with its threads). */
    public interface Site {
        /** The spin site of the callers waiting for this isolation's calls. */
        HandOffSpin callerSpin();
    }
}
