/**
 * Hystrix 1.5.18's bucketed metric streams: event counts over a rolling window or since the stream
 * started, and health counts, each as an RxJava {@code Observable} that emits once per bucket.
 */
package com.netflix.hystrix.metric.consumer;
