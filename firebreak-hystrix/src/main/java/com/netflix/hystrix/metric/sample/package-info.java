/**
 * Hystrix 1.5.18's utilization samples: how busy each command key and thread pool is, sampled at a
 * fixed interval by {@link com.netflix.hystrix.metric.sample.HystrixUtilizationStream}.
 */
package com.netflix.hystrix.metric.sample;
