package dev.firebreak.isolation;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * Whether a thread waiting for a hand-off spins a little before it parks: an idle pool thread waiting
 * for its next task, or a caller waiting for its call's outcome. A spin that ends with the awaited
 * thing in hand saves a park/unpark pair (a futex wake and a context switch, tens of microseconds on a
 * small VM); a spin that ends in a park anyway only burned CPU, and on a busy machine it took the core
 * the awaited thread needed. So each site (a pool's idle threads, a guard's waiting callers) adapts,
 * as a JVM does for contended monitors:
 *
 * <ul>
 *   <li><b>Spin while it pays.</b> A score keeps the recent outcomes: +{@value #UP} for a spin that
 *       found the work, -{@value #DOWN} for one that parked anyway, clamped to [0, {@value #SCORE_MAX}].
 *       The site spins while the score is at least {@value #THRESHOLD}: once it is high, while about
 *       two spins out of three pay; near the threshold, one park stops the spinning.</li>
 *   <li><b>Probe in bursts.</b> Below the threshold, {@value #PROBE_BURST} waits in every
 *       {@value #PROBE_PERIOD} spin, one after the other, and a probe that finds the work brings the
 *       score back to the threshold: so a site that stopped spinning on a busy machine starts again
 *       when the machine is quiet. Bursts, because a hand-off to a pool pays only when both sides
 *       spin (the caller for the result, the pool thread for the next task): a THREAD pool and its
 *       callers share one site, so their probes fall in the same burst, where single probes
 *       would each find the other side parked.</li>
 *   <li><b>Never more spinners than cores.</b> A waiter spins only while fewer threads of the JVM
 *       spin than there are cores ({@link Runtime#availableProcessors()}); otherwise it parks at once.
 *       (A spinning caller and a spinning pool thread waiting for each other's next step is the case
 *       that pays, so the cap does not keep a core free: a spin that starves the thread it waits for
 *       fails, and the score stops such spins.)</li>
 *   <li><b>Bounded.</b> One spin is at most {@link #rounds()} rounds of {@link Thread#onSpinWait()}
 *       ({@value #DEFAULT_ROUNDS} by default, about 4 us on the benchmark machine, an AMD EPYC).</li>
 * </ul>
 *
 * <p>{@code -Dfirebreak.handoff.spins=N} overrides it for the whole JVM: {@code 0} never spins, {@code N > 0}
 * always spins N rounds (no score, no cap).
 *
 * <p>Invariants: a {@link #begin()} that returned a positive count is followed by exactly one
 * {@link #end(boolean)} (callers use try/finally), so the JVM-wide spinner count returns to zero and
 * never exceeds its cap (it is raised by compare-and-set below the cap only). The score and the probe
 * counter are updated with racy read-then-write on purpose: a lost update delays the adaptation by one
 * outcome and nothing else, and every write is clamped, so the score stays within its bounds.
 */
public final class HandOffSpin {

    /** Rounds of one spin when not overridden. */
    static final int DEFAULT_ROUNDS = 100;
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
    private final boolean adaptive;
    private final int maxSpinners;
    private final AtomicInteger spinners;
    private volatile int score = THRESHOLD; // optimistic: a new site spins until the outcomes say otherwise
    private int probes; // racy on purpose: only its low bits pick the probes

    private HandOffSpin(int rounds, boolean adaptive, int maxSpinners, AtomicInteger spinners) {
        this.rounds = rounds;
        this.adaptive = adaptive;
        this.maxSpinners = maxSpinners;
        this.spinners = spinners;
    }

    /** A new site as configured for this JVM: adaptive unless {@code -Dfirebreak.handoff.spins} is set. */
    public static HandOffSpin site() {
        if (OVERRIDE != null) {
            return fixed(OVERRIDE);
        }
        return new HandOffSpin(DEFAULT_ROUNDS, true, MAX_SPINNERS, SPINNERS);
    }

    /** Where the callers waiting for {@code isolator}'s calls decide whether to spin: its site, else one shared. */
    public static HandOffSpin forCallersOf(Object isolator) {
        return isolator instanceof Site site ? site.callerSpin() : SHARED;
    }

    /** A site that always spins {@code rounds} rounds (0: never), with no score and no cap. */
    static HandOffSpin fixed(int rounds) {
        return new HandOffSpin(Math.max(0, rounds), false, 0, null);
    }

    /** An adaptive site with its own cap and spinner count (for tests). */
    static HandOffSpin adaptive(int rounds, int maxSpinners, AtomicInteger spinners) {
        return new HandOffSpin(rounds, true, maxSpinners, spinners);
    }

    /** The most rounds one spin lasts. */
    public int rounds() {
        return rounds;
    }

    /**
     * Decides whether this wait spins: the rounds to spin (then call {@link #end} once, in a finally),
     * or 0 (park at once; do not call {@code end}).
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
