/**
 * Javanica's annotations ({@code @HystrixCommand}, {@code @HystrixCollapser}, its cache annotations)
 * run on the Firebreak Hystrix bridge through Spring AOP and AspectJ.
 */
// Open: Spring and AspectJ reflect on the aspect and the auto-configuration, and read the
// annotations of the application's beans through this module's types.
// The jars named below carry no module descriptor (automatic modules): javac's lint says so once per
// requires, and there is nothing else to require until they ship descriptors.
@SuppressWarnings({"requires-automatic", "requires-transitive-automatic"})
open module dev.firebreak.hystrix.javanica {
    requires transitive dev.firebreak.hystrix;
    requires transitive org.aspectj.weaver;
    requires spring.aop;
    requires spring.beans;
    requires spring.context;
    requires spring.core;
    // java.beans (Introspector) reads cache-key properties.
    requires java.desktop;
    // The auto-configuration is used only where Spring Boot is present.
    requires static spring.boot.autoconfigure;

    exports com.netflix.hystrix.contrib.javanica.annotation;
    exports com.netflix.hystrix.contrib.javanica.aop.aspectj;
    exports com.netflix.hystrix.contrib.javanica.cache.annotation;
    exports com.netflix.hystrix.contrib.javanica.command;
    exports com.netflix.hystrix.contrib.javanica.exception;
    exports dev.firebreak.hystrix.javanica;
}
