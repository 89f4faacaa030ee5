package com.netflix.hystrix.collapser;

import com.netflix.hystrix.util.HystrixTimer.TimerListener;
import java.lang.ref.Reference;

/**
 * The timer that closes a collapser's batch windows, injected through the package-private
 * constructors of {@code HystrixCollapser} and {@code HystrixObservableCollapser} (hystrix-core's seam
 * for tests that drive the windows by hand). The bridge adds one listener per window, whose interval
 * is the window's length; it closes the window at its first tick and clears its reference.
 */
public interface CollapserTimer {

    /**
     * Starts ticking {@code collapseTask}.
     *
     * @return a reference whose {@link Reference#clear()} stops the ticks
     */
    Reference<TimerListener> addListener(TimerListener collapseTask);
}
