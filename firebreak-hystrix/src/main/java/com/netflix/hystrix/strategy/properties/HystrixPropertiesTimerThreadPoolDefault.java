package com.netflix.hystrix.strategy.properties;

import com.netflix.hystrix.HystrixTimerThreadPoolProperties;

/** The timer pool's properties with no values from code: Archaius, else the number of processors. */
public class HystrixPropertiesTimerThreadPoolDefault extends HystrixTimerThreadPoolProperties {
}
