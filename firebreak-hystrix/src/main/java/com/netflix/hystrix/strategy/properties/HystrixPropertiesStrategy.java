package com.netflix.hystrix.strategy.properties;

import com.netflix.hystrix.HystrixCollapserKey;
import com.netflix.hystrix.HystrixCollapserProperties;
import com.netflix.hystrix.HystrixCommandKey;
import com.netflix.hystrix.HystrixCommandProperties;
import com.netflix.hystrix.HystrixThreadPoolKey;
import com.netflix.hystrix.HystrixThreadPoolProperties;
import com.netflix.hystrix.HystrixTimerThreadPoolProperties;

/**
 * Makes the properties of commands and thread pools; register a subclass with
 * {@code HystrixPlugins.getInstance().registerPropertiesStrategy(...)}.
 *
 * <p>The bridge asks a registered strategy once per command key (when the first command of the key is
 * made) and once per thread-pool key (when the first THREAD-isolated command of the pool is made).
 * Every value of the returned properties that differs from what the command's Setter would give
 * becomes an instance default from code; the {@code hystrix.command.<key>.*} and
 * {@code hystrix.threadpool.<key>.*} properties in Archaius still apply on top of it, live, with
 * Hystrix's precedence. A strategy's properties are read once: values it would change later are not
 * seen (change Archaius properties instead).
 */
public abstract class HystrixPropertiesStrategy {

    /** The properties of {@code commandKey}: Hystrix's defaults with {@code builder}'s values. */
    public HystrixCommandProperties getCommandProperties(HystrixCommandKey commandKey, HystrixCommandProperties.Setter builder) {
        return new HystrixPropertiesCommandDefault(commandKey, builder);
    }

    /** The key under which {@link HystrixPropertiesFactory} keeps a command key's properties; null to keep none. */
    public String getCommandPropertiesCacheKey(HystrixCommandKey commandKey, HystrixCommandProperties.Setter builder) {
        return commandKey.name();
    }

    /** The properties of {@code threadPoolKey}: Hystrix's defaults with {@code builder}'s values. */
    public HystrixThreadPoolProperties getThreadPoolProperties(HystrixThreadPoolKey threadPoolKey,
            HystrixThreadPoolProperties.Setter builder) {
        return new HystrixPropertiesThreadPoolDefault(threadPoolKey, builder);
    }

    /** The key under which {@link HystrixPropertiesFactory} keeps a pool's properties; null to keep none. */
    public String getThreadPoolPropertiesCacheKey(HystrixThreadPoolKey threadPoolKey, HystrixThreadPoolProperties.Setter builder) {
        return threadPoolKey.name();
    }

    /**
     * The properties of {@code collapserKey}: the defaults with {@code builder}'s values. The bridge's
     * collapsers read their live configuration and do not ask a strategy for these.
     */
    public HystrixCollapserProperties getCollapserProperties(HystrixCollapserKey collapserKey, HystrixCollapserProperties.Setter builder) {
        return new HystrixPropertiesCollapserDefault(collapserKey, builder);
    }

    /** The key under which a collapser key's properties are kept; null to keep none. */
    public String getCollapserPropertiesCacheKey(HystrixCollapserKey collapserKey, HystrixCollapserProperties.Setter builder) {
        return collapserKey.name();
    }

    /** The properties of {@link com.netflix.hystrix.util.HystrixTimer}'s thread pool, read when it starts. */
    public HystrixTimerThreadPoolProperties getTimerThreadPoolProperties() {
        return new HystrixPropertiesTimerThreadPoolDefault();
    }
}
