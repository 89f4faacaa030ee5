package dev.firebreak.live;

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
 *       keys in force (an empty snapshot included, whenever the one in force has keys). Then
 *       {@code k = }{@value #SUSPECT_POLLS}, and a SOURCE_SUSPECT event says so once per suspect snapshot.</li>
 * </ul>
 *
 * <p>Not thread-safe: {@link SourceSet}'s owner reads under its lock.
 */
final class SettlingSnapshot {

    /** How many poll intervals a suspect snapshot must stay unchanged before it applies. */
    static final int SUSPECT_POLLS = 3;

    private final String sourceName;
    private final long intervalNanos;
    private boolean firstRead = true;
    private Map<String, String> pending;
    private long pendingSince;
    private int pendingReads;

    SettlingSnapshot(String sourceName, long intervalNanos) {
        this.sourceName = sourceName;
        this.intervalNanos = intervalNanos;
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
        if (!read.equals(pending)) {
            pending = read;
            pendingSince = nowNanos;
            pendingReads = 1;
            if (suspect) {
                events.add(new ConfigEvent(ConfigEvent.Kind.SOURCE_SUSPECT, null, null, null, sourceName, null,
                        "source " + sourceName + " now has " + kept(read, before) + " of the " + before.size()
                                + " keys in force (" + read.size() + " keys in all); it may be half written, so its"
                                + " last good properties stay in force until it reads the same for "
                                + SUSPECT_POLLS + " polls"));
            }
            return inForce;
        }
        pendingReads++;
        int k = suspect ? SUSPECT_POLLS : 1;
        if (pendingReads >= k + 1 && (nowNanos - pendingSince) / k >= intervalNanos) { // overflow-safe k * interval
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
