package dev.firebreak.priority;

import dev.firebreak.context.Criticality;

/**
 * Told of every attempt a guard's priority-aware limit refuses (LIMIT_REJECTED), registered on its view
 * ({@code guard.controls().priorities().addListener}): once per refusal, on the refused caller's thread.
 * A listener that throws is logged once and ignored: it never breaks the call, which goes on to its
 * fallback. Keep it fast and non-blocking.
 */
@FunctionalInterface
public interface PriorityListener {

    /**
     * An attempt was refused for its criticality.
     *
     * @param level the refused attempt's criticality
     * @param threshold the rejection threshold in force (see {@link PriorityView#threshold()})
     * @param limit the limit in force
     * @param atNanos the registry's {@link dev.firebreak.time.Ticker} reading the attempt entered at
     */
    void onRefused(Criticality level, int threshold, int limit, long atNanos);
}
