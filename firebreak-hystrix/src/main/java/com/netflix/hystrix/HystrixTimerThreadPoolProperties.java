package com.netflix.hystrix;

import com.netflix.hystrix.strategy.properties.HystrixProperty;

/**
 * The properties of {@link com.netflix.hystrix.util.HystrixTimer}'s thread pool: {@code coreSize}, read
 * live from {@code hystrix.timer.threadpool.default.coreSize} in Archaius, else the Setter's value,
 * else the number of processors.
 */
public abstract class HystrixTimerThreadPoolProperties {

    private final HystrixProperty<Integer> corePoolSize;

    /** The properties with no Setter values. */
    protected HystrixTimerThreadPoolProperties() {
        this(new Setter());
    }

    /** The properties with {@code setter}'s values under Archaius's. */
    protected HystrixTimerThreadPoolProperties(Setter setter) {
        Integer fromSetter = (setter == null ? new Setter() : setter).getCoreSize();
        ArchaiusChain chain = new ArchaiusChain("hystrix.timer.threadpool.", "default");
        this.corePoolSize = () -> chain.read("coreSize", fromSetter, Runtime.getRuntime().availableProcessors());
    }

    /** The number of threads the timer keeps. */
    public HystrixProperty<Integer> getCorePoolSize() {
        return corePoolSize;
    }

    /** A builder of values from code. */
    public static Setter Setter() {
        return new Setter();
    }

    /** Values from code for the timer's pool; unset values are null. */
    public static class Setter {
        private Integer coreSize;

        private Setter() {
        }

        public Integer getCoreSize() {
            return coreSize;
        }

        public Setter withCoreSize(int value) {
            this.coreSize = value;
            return this;
        }
    }
}
