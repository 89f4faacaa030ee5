package dev.firebreak.lab.demo;

import java.util.Locale;

/** How the demo's inventory downstream misbehaves, so {@code inventory.reserve}'s breaker has something to show. */
public enum InventoryFault {

    /** The single demo's show: 15 s of 70 % failures every 40 s, so the breaker opens, probes and closes. */
    BURSTS,
    /** A healthy downstream: 2 % failures, the breaker stays closed. */
    NONE,
    /**
     * An outage rehearsed by fault injection (the fleet's faulty instance): the downstream is healthy, but
     * the guard's chaos policy fails every call in its place, each marked as injected, so the breaker
     * stays open and {@code firebreak_chaos_injected_total} counts the faults.
     */
    DOWN;

    /** The fault named {@code text} (case-insensitive), or a clear error naming the choices. */
    public static InventoryFault parse(String text) {
        for (InventoryFault fault : values()) {
            if (fault.name().equalsIgnoreCase(text)) {
                return fault;
            }
        }
        throw new IllegalArgumentException("fault: '" + text + "' must be one of bursts, none, down");
    }

    /** Its name on a command line. */
    public String argument() {
        return name().toLowerCase(Locale.ROOT);
    }
}
