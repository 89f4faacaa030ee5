package com.netflix.hystrix.collapser;

import com.netflix.hystrix.util.HystrixTimer;
import com.netflix.hystrix.util.HystrixTimer.TimerListener;
import java.lang.ref.Reference;

/** The {@link CollapserTimer} on {@link HystrixTimer}'s shared thread. */
public class RealCollapserTimer implements CollapserTimer {

    @Override
    public Reference<TimerListener> addListener(TimerListener collapseTask) {
        return HystrixTimer.getInstance().addTimerListener(collapseTask);
    }
}
