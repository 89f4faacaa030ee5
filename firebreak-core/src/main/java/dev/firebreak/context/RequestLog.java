package dev.firebreak.context;

import dev.firebreak.event.Events;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Which guards and collapsers ran in one request, with their events and latencies (Hystrix's request
 * log). Guards with {@code requestLog.enabled = false} do not write here. It keeps at most
 * {@link #MAX_ENTRIES} entries, like Hystrix, so a runaway request cannot grow it without bound;
 * {@link #dropped()} counts the rest.
 */
public final class RequestLog {

    /** The most entries one log keeps. */
    public static final int MAX_ENTRIES = 1000;

    private final ConcurrentLinkedQueue<RequestLogEntry> entries = new ConcurrentLinkedQueue<>();
    private final AtomicInteger size = new AtomicInteger();
    private final AtomicInteger dropped = new AtomicInteger();

    RequestLog() {
    }

    /** Records one finished call; called by guards and collapsers. */
    public void add(String name, long events, long latencyNanos) {
        add(name, events, latencyNanos, 1);
    }

    /** Records one call made of {@code attempts} guarded attempts; called by retry and hedging policies. */
    public void add(String name, long events, long latencyNanos, int attempts) {
        if (size.getAndIncrement() >= MAX_ENTRIES) {
            size.decrementAndGet();
            dropped.incrementAndGet();
            return;
        }
        entries.add(new RequestLogEntry(name, events, latencyNanos, attempts));
    }

    /** The entries in the order the calls finished. */
    public List<RequestLogEntry> entries() {
        return List.copyOf(entries);
    }

    /** Entries not kept because the log was full. */
    public int dropped() {
        return dropped.get();
    }

    /**
     * The log on one line, in the spirit of Hystrix's: calls with the same name and the same events are
     * grouped in order of first appearance, each group shown with its slowest latency and, when it
     * holds several calls, their count:
     * {@code random.org[SUCCESS][503ms], generateIntegers[SUCCESS, COLLAPSED][512ms]x3}; a policy's
     * entry of several attempts shows them: {@code users[SUCCESS, TIMEOUT, RETRIED][2 attempts][18ms]}.
     */
    public String format() {
        Map<String, long[]> groups = new LinkedHashMap<>(); // "name[EVENTS]" -> {count, max latency}
        for (RequestLogEntry entry : entries) {
            String label = entry.name() + "[" + Events.format(entry.events()) + "]"
                    + (entry.attempts() > 1 ? "[" + entry.attempts() + " attempts]" : "");
            long[] group = groups.computeIfAbsent(label, k -> new long[2]);
            group[0]++;
            group[1] = Math.max(group[1], entry.latencyMillis());
        }
        List<String> parts = new ArrayList<>(groups.size());
        groups.forEach((label, group) -> parts.add(label + "[" + group[1] + "ms]" + (group[0] > 1 ? "x" + group[0] : "")));
        return String.join(", ", parts);
    }

    @Override
    public String toString() {
        return format();
    }
}
