package com.netflix.hystrix;

import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicInteger;

/** A command whose work and fallback are given as lambdas; counts how often each ran. */
class TestCommand extends HystrixCommand<String> {

    final AtomicInteger runs = new AtomicInteger();
    final AtomicInteger fallbacks = new AtomicInteger();
    private final Callable<String> work;
    private final String cacheKey;

    TestCommand(Setter setter, Callable<String> work) {
        this(setter, work, null);
    }

    TestCommand(Setter setter, Callable<String> work, String cacheKey) {
        super(setter);
        this.work = work;
        this.cacheKey = cacheKey;
    }

    static Setter named(String key, HystrixCommandProperties.Setter properties) {
        return Setter.withGroupKey(HystrixCommandGroupKey.Factory.asKey("TestGroup"))
                .andCommandKey(HystrixCommandKey.Factory.asKey(key))
                .andCommandPropertiesDefaults(properties);
    }

    @Override
    protected String run() throws Exception {
        runs.incrementAndGet();
        return work.call();
    }

    @Override
    protected String getCacheKey() {
        return cacheKey;
    }

    /** The same command with a fallback that returns "fallback". */
    static class WithFallback extends TestCommand {
        WithFallback(Setter setter, Callable<String> work) {
            super(setter, work);
        }

        @Override
        protected String getFallback() {
            fallbacks.incrementAndGet();
            return "fallback";
        }
    }
}
