package com.netflix.hystrix;

/** Marks what Hystrix can run: commands and collapsers. */
public interface HystrixInvokable<R> {
}
