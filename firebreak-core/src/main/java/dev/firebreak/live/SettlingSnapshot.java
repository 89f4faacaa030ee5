package dev.firebreak.live;

import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * Decides when a snapshot read from a source that may be caught in the middle of an edit (a file
 * rewritten in place) is stable enough to apply. One per such source; times are the registry's
 * {@code Ticker} readings, so the rule runs on a manual clock in tests.
 *
 * <p>The rule, with {@code interval} the poll interval:
 * <ul>
 *   <li>The first read of the source, when dynamic configuration starts, applies at once if it
 *       succeeds: there is nothing to keep instead, and objects built at start-up need their values.</li>
 *   <li>After that, a snapshot that differs from the one in force is <em>pending</em>. It applies at a
 *       later read when the reads since it was first seen all returned it unchanged, there have been at
 *       least {@code k + 1} of them, and at least {@code k * interval} has passed since the first: with
 *       polling, at the {@code k}-th poll after the one that first saw it. Any other snapshot, or a read
 *       that fails, starts the count again.</li>
 *   <li>{@code k = 1}, unless the pending snapshot is <em>suspect</em>: it keeps fewer than half of the
 *       keys in force (an empty snapshot included, whenever the one in force has keys). A suspect
 *       snapshot settles on time, not on a count of polls: it applies only once every read for at least
 *       the suspect settle time ({@link #DEFAULT_SUSPECT_SETTLE}, 30 s, unless configured; and at least
 *       {@value #SUSPECT_POLLS} poll intervals and {@value #SUSPECT_POLLS} + 1 reads) returned it
 *       unchanged, and a SOURCE_SUSPECT event says so once per suspect snapshot. A writer that stalls
 *       mid-file for a few polls, ordinary on a loaded machine, therefore never has its truncated file
 *       applied; one that stays truncated for the whole settle time is taken as meant.</li>
 * </ul>
 *
 * <p>Not thread-safe: {@link SourceSet}'s owner reads under its lock.
 */
final class SettlingSnapshot {

    /** How many poll intervals (and reads, plus one) a suspect snapshot must stay unchanged at least. */
    static final int SUSPECT_POLLS = 3;
    /** How long a suspect snapshot must stay unchanged before it applies, unless configured. */
    static final Duration DEFAULT_SUSPECT_SETTLE = Duration.ofSeconds(30);

    private final String sourceName;
    private final long intervalNanos;
    /** The time a suspect snapshot must stay unchanged: the settle time, at least SUSPECT_POLLS intervals. */
    private final long suspectNanos;
    /** Only suspect snapshots wait (a source read whole, whose writers may edit keys one at a time). */
    private final boolean suspectOnly;
    private boolean firstRead = true;
    private Map<String, String> pending;
    private long pendingSince;
    private int pendingReads;

    SettlingSnapshot(String sourceName, long intervalNanos, long suspectSettleNanos) {
        this(sourceName, intervalNanos, suspectSettleNanos, false);
    }

    /**
     * {@code suspectOnly}: the rule for a source read whole at one revision whose writers may still edit
     * several keys one at a time ({@link PropertySource#isStore()}): a snapshot that is not
     * suspect applies when read; a suspect one settles on time, as above.
     */
    SettlingSnapshot(String sourceName, long intervalNanos, long suspectSettleNanos, boolean suspectOnly) {
        this.suspectOnly = suspectOnly;
        this.sourceName = sourceName;
        this.intervalNanos = intervalNanos;
        long polls = intervalNanos > Long.MAX_VALUE / SUSPECT_POLLS ? Long.MAX_VALUE : SUSPECT_POLLS * intervalNanos;
        this.suspectNanos = Math.max(suspectSettleNanos, polls);
    }

    /**
     * Offers the snapshot just read at {@code nowNanos}; {@code inForce} is the source's snapshot in force
     * (null if it never had one). Returns the snapshot to put in force: {@code read} once it is stable,
     * else {@code inForce}.
     */
    Map<String, String> offer(Map<String, String> read, Map<String, String> inForce, long nowNanos,
            List<ConfigEvent> events) {
        boolean first = firstRead;
        firstRead = false;
        if (first || read.equals(inForce)) {
            pending = null;
            return read;
        }
        Map<String, String> before = inForce == null ? Map.of() : inForce;
        boolean suspect = isSuspect(read, before);
        if (suspectOnly && !suspect) {
            pending = null;
            return read;
        }
        if (!read.equals(pending)) {
            pending = read;
            pendingSince = nowNanos;
            pendingReads = 1;
            if (suspect) {
                events.add(new ConfigEvent(ConfigEvent.Kind.SOURCE_SUSPECT, null, null, null, sourceName, null,
                        "source " + sourceName + " now has " + kept(read, before) + " of the " + before.size()
                                + " keys in force (" + read.size() + " keys in all); it may be half written, so its"
                                + " last good properties stay in force until it reads the same for "
                                + Duration.ofNanos(suspectNanos).toMillis() + " ms"));
            }
            return inForce;
        }
        pendingReads++;
        boolean settled = suspect
                ? pendingReads >= SUSPECT_POLLS + 1 && nowNanos - pendingSince >= suspectNanos
                : pendingReads >= 2 && nowNanos - pendingSince >= intervalNanos;
        if (settled) {
            pending = null;
            return read;
        }
        return inForce;
    }

    /** A read failed: whatever was pending must be seen unchanged again from the start. */
    void failed() {
        firstRead = false;
        pending = null;
    }

    /** Fewer than half of the keys in force kept (an empty snapshot while keys are in force included). */
    static boolean isSuspect(Map<String, String> read, Map<String, String> inForce) {
        return !inForce.isEmpty() && 2L * kept(read, inForce) < inForce.size();
    }

    private static int kept(Map<String, String> read, Map<String, String> inForce) {
        int kept = 0;
        for (String key : inForce.keySet()) {
            if (read.containsKey(key)) {
                kept++;
            }
        }
        return kept;
    }
}
