/**
 * Hystrix 1.5.18's configuration stream: the configuration of every command key, thread pool and
 * collapser of the bridge, sampled at a fixed interval by
 * {@link com.netflix.hystrix.config.HystrixConfigurationStream} (for tools that show it, such as
 * hystrix-metrics-event-stream's configuration servlet).
 */
package com.netflix.hystrix.config;
