/**
 * Spring Boot auto-configuration for Firebreak: the application's guard registry and live configuration
 * from the Spring {@code Environment}, {@code @Guarded} beans, meters, actuator endpoints, health,
 * context propagation and Spring Cloud CircuitBreaker.
 */
// Open: Spring instantiates the auto-configurations and proxies the annotated beans by reflection.
// The jars named below carry no module descriptor (automatic modules): javac's lint says so once per
// requires, and there is nothing else to require until they ship descriptors.
@SuppressWarnings({"requires-automatic", "requires-transitive-automatic"})
open module dev.firebreak.spring {
    requires transitive dev.firebreak.core;
    requires transitive dev.firebreak.stream;
    requires transitive dev.firebreak.micrometer;
    requires transitive spring.boot.autoconfigure;
    requires spring.boot;
    requires spring.aop;
    requires spring.beans;
    requires spring.context;
    requires spring.core;
    requires context.propagation;
    requires static org.jspecify; // @Nullable marks the endpoint's optional query parameters

    // Optional parts, each configured only when its classes are present (the pom's optional
    // dependencies). Spring Cloud's jars carry no Automatic-Module-Name: names derived from the jars.
    requires static dev.firebreak.hystrix;
    requires static dev.firebreak.reactor;
    requires static dev.firebreak.redis;
    requires static reactor.core;
    requires static spring.boot.actuator;
    requires static spring.boot.actuator.autoconfigure;
    requires static spring.boot.health;
    requires static spring.boot.micrometer.metrics;
    requires static spring.web;
    requires static spring.webmvc;
    requires static spring.webflux;
    requires static jakarta.servlet;
    requires static spring.cloud.context;
    requires static spring.cloud.commons;
    requires static spring.boot.restclient; // outgoing calls carry the caller's criticality
    requires static spring.boot.webclient;
    requires static micrometer.observation; // observations per call, when the application has Micrometer's

    exports dev.firebreak.spring.annotation;
    exports dev.firebreak.spring.boot;
    exports dev.firebreak.spring.boot.actuate;
    exports dev.firebreak.spring.boot.chaos;
    exports dev.firebreak.spring.boot.config;
    exports dev.firebreak.spring.boot.context;
    exports dev.firebreak.spring.boot.criticality;
    exports dev.firebreak.spring.boot.inbound;
    exports dev.firebreak.spring.boot.metrics;
    exports dev.firebreak.spring.boot.tracing;
    exports dev.firebreak.spring.cloud;

    provides io.micrometer.context.ThreadLocalAccessor with dev.firebreak.spring.boot.criticality.CriticalityAccessor;
}
