/**
 * Hystrix 1.5.18's public API ({@code com.netflix.hystrix.*}) over Firebreak guards: a drop-in
 * replacement for hystrix-core, configured through Archaius as Hystrix was.
 */
// The jars named below carry no module descriptor (automatic modules): javac's lint says so once per
// requires, and there is nothing else to require until they ship descriptors.
@SuppressWarnings({"requires-automatic", "requires-transitive-automatic"})
module dev.firebreak.hystrix {
    requires transitive dev.firebreak.core;
    // RxJava 1.x and Archaius 1 carry no module descriptor: they are automatic modules named after
    // their jars (rxjava-1.3.8.jar, archaius-core-0.7.12.jar, commons-configuration-1.10.jar).
    // Observable appears in HystrixCommand's API, AbstractConfiguration in ArchaiusPropertySource's.
    requires transitive rxjava;
    requires transitive commons.configuration;
    // HdrHistogram (no descriptor either) appears in CachedValuesHistogram's and the distribution streams' API.
    requires transitive HdrHistogram;
    requires archaius.core;
    // HystrixPlugins logs how it chose the dynamic properties, as 1.5.18 did (slf4j-api, an automatic module).
    requires org.slf4j;

    exports com.netflix.hystrix;
    exports com.netflix.hystrix.collapser;
    exports com.netflix.hystrix.config;
    exports com.netflix.hystrix.exception;
    exports com.netflix.hystrix.strategy;
    exports com.netflix.hystrix.strategy.concurrency;
    exports com.netflix.hystrix.strategy.eventnotifier;
    exports com.netflix.hystrix.strategy.executionhook;
    exports com.netflix.hystrix.strategy.metrics;
    exports com.netflix.hystrix.strategy.properties;
    exports com.netflix.hystrix.strategy.properties.archaius;
    exports com.netflix.hystrix.metric;
    exports com.netflix.hystrix.metric.consumer;
    exports com.netflix.hystrix.metric.sample;
    exports com.netflix.hystrix.util;
    exports dev.firebreak.hystrix;

    // HystrixPlugins looks plugins up in META-INF/services when code registered none.
    uses com.netflix.hystrix.strategy.concurrency.HystrixConcurrencyStrategy;
    uses com.netflix.hystrix.strategy.eventnotifier.HystrixEventNotifier;
    uses com.netflix.hystrix.strategy.executionhook.HystrixCommandExecutionHook;
    uses com.netflix.hystrix.strategy.metrics.HystrixMetricsPublisher;
    uses com.netflix.hystrix.strategy.properties.HystrixDynamicProperties;
    uses com.netflix.hystrix.strategy.properties.HystrixPropertiesStrategy;
}
