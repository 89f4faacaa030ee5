/**
 * Hystrix 1.5.18's utilities: rolling counters and percentiles over a time window, the shared timer,
 * and {@link com.netflix.hystrix.util.Exceptions#sneakyThrow(Throwable)}.
 */
package com.netflix.hystrix.util;
