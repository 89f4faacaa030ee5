package dev.firebreak.spring.boot.actuate;

import dev.firebreak.spring.boot.FirebreakAutoConfiguration;
import dev.firebreak.stream.AggregateFleet;
import dev.firebreak.time.Scheduler;
import dev.firebreak.time.Ticker;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.cloud.client.discovery.DiscoveryClient;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;
import org.springframework.util.ClassUtils;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.ServerResponse;

/**
 * {@code /turbine.stream} on the application's port, a Turbine-compatible aggregate of a fleet's
 * {@code hystrix.stream}s, when {@code firebreak.aggregate.enabled=true} (off by default): the instances
 * are {@code firebreak.aggregate.instances} (stream URLs) and those Spring Cloud's {@code DiscoveryClient}
 * lists for {@code firebreak.aggregate.service-ids} (their stream at {@code firebreak.aggregate.stream-path},
 * default {@code /actuator/hystrix.stream}), read again every {@code firebreak.aggregate.refresh-interval}
 * (default 30s) and at each discovery heartbeat. An application's {@link Scheduler} and {@link Ticker}
 * beans, if any, drive the refreshes, ticks and reconnections; else the system's.
 */
@AutoConfiguration(after = FirebreakAutoConfiguration.class)
@ConditionalOnWebApplication
@ConditionalOnBooleanProperty(name = "firebreak.aggregate.enabled")
public class FirebreakAggregateAutoConfiguration {

    private static final String DISCOVERY_CLIENT = "org.springframework.cloud.client.discovery.DiscoveryClient";

    /** The fleet's connections, closed with the context. */
    @Bean(destroyMethod = "close")
    @ConditionalOnMissingBean(AggregateFleet.class)
    AggregateFleet firebreakAggregateFleet(ObjectProvider<Scheduler> scheduler, ObjectProvider<Ticker> ticker) {
        return AggregateFleet.create(Duration.ofSeconds(10), ticker.getIfUnique(Ticker::system),
                scheduler.getIfUnique(Scheduler::system));
    }

    /** The instances, static and discovered, kept up to date. */
    @Bean
    @ConditionalOnMissingBean(AggregateInstances.class)
    AggregateInstances firebreakAggregateInstances(AggregateFleet fleet, Environment environment,
            ObjectProvider<Scheduler> scheduler, ObjectProvider<DiscoveredStreams> discovered) {
        Binder binder = Binder.get(environment);
        List<URI> fixed = binder.bind("firebreak.aggregate.instances", Bindable.listOf(String.class)).orElse(List.of())
                .stream().map(FirebreakAggregateAutoConfiguration::streamUri).toList();
        List<String> serviceIds = binder.bind("firebreak.aggregate.service-ids", Bindable.listOf(String.class)).orElse(List.of());
        if (!serviceIds.isEmpty() && !ClassUtils.isPresent(DISCOVERY_CLIENT, getClass().getClassLoader())) {
            throw new IllegalStateException("firebreak.aggregate.service-ids = " + serviceIds
                    + ": needs Spring Cloud's DiscoveryClient (spring-cloud-commons and a discovery client) on the classpath");
        }
        if (fixed.isEmpty() && serviceIds.isEmpty()) {
            throw new IllegalStateException("firebreak.aggregate.enabled = true: needs firebreak.aggregate.instances"
                    + " or firebreak.aggregate.service-ids (none is set)");
        }
        return new AggregateInstances(fleet, fixed, serviceIds.isEmpty() ? null : discovered.getObject(),
                scheduler.getIfUnique(Scheduler::system),
                environment.getProperty("firebreak.aggregate.refresh-interval", Duration.class, Duration.ofSeconds(30)));
    }

    /** The cap on {@code /turbine.stream} clients ({@code firebreak.aggregate.max-connections}, default 5). */
    static StreamConnections connections(Environment environment) {
        return new StreamConnections(environment.getProperty("firebreak.aggregate.max-connections", Integer.class, 5),
                environment.getProperty("firebreak.stream.interval", Duration.class, Duration.ofMillis(500)),
                "firebreak.aggregate.max-connections");
    }

    private static URI streamUri(String value) {
        URI uri;
        try {
            uri = URI.create(value.trim());
        } catch (IllegalArgumentException bad) {
            throw new IllegalArgumentException("firebreak.aggregate.instances = " + value + ": not a URL: " + bad.getMessage());
        }
        if (!("http".equals(uri.getScheme()) || "https".equals(uri.getScheme())) || uri.getHost() == null) {
            throw new IllegalArgumentException("firebreak.aggregate.instances = " + value
                    + ": must be an http or https URL with a host, such as http://10.0.0.5:8080/actuator/hystrix.stream");
        }
        return uri;
    }

    /** Instances from Spring Cloud's discovery, and its heartbeats, when spring-cloud-commons is present. */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass(name = DISCOVERY_CLIENT)
    static class DiscoveryConfiguration {
        @Bean
        DiscoveredStreams firebreakAggregateDiscovery(ObjectProvider<DiscoveryClient> client, Environment environment) {
            Binder binder = Binder.get(environment);
            return new DiscoveredStreams(client,
                    binder.bind("firebreak.aggregate.service-ids", Bindable.listOf(String.class)).orElse(List.of()),
                    environment.getProperty("firebreak.aggregate.stream-path", "/actuator/hystrix.stream"));
        }

        @Bean
        AggregateHeartbeats firebreakAggregateHeartbeats(AggregateInstances instances) {
            return new AggregateHeartbeats(instances);
        }
    }

    /** The merged stream on Spring MVC (the web type checked before the MVC class, as for hystrix.stream). */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
    static class ServletConfiguration {
        @Bean
        @ConditionalOnClass(name = "org.springframework.web.servlet.mvc.method.annotation.ResponseBodyEmitter")
        TurbineStreams firebreakTurbineStream(AggregateFleet fleet, Environment environment) {
            return new TurbineStreams(fleet, connections(environment));
        }
    }

    /** The merged stream on WebFlux. */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.REACTIVE)
    static class ReactiveConfiguration {
        @Bean
        @ConditionalOnClass(name = "org.springframework.web.reactive.function.server.RouterFunction")
        RouterFunction<ServerResponse> firebreakTurbineStreamRoute(AggregateFleet fleet, Environment environment) {
            return new HystrixStreamReactiveHandler((interval, subscriber) -> fleet.feed(Clock.systemUTC(), interval, subscriber),
                    connections(environment)).routeAt(TurbineStreams.PATH);
        }
    }
}
