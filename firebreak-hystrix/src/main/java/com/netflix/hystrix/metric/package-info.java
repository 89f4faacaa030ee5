/**
 * The streams of finished commands that Hystrix 1.5.18's metric consumers read: one
 * {@link com.netflix.hystrix.metric.HystrixCommandCompletion} per command that finished, per command key
 * and per thread-pool key.
 */
package com.netflix.hystrix.metric;
