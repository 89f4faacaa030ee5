package dev.firebreak.spring.boot;

import dev.firebreak.GuardRegistry;
import dev.firebreak.live.DynamicConfiguration;
import dev.firebreak.context.ContextCarrier;
import dev.firebreak.spring.boot.chaos.ChaosHeaders;
import dev.firebreak.spring.boot.config.BridgedBinder;
import dev.firebreak.spring.boot.config.EnvironmentConfigurationBinder;
import dev.firebreak.spring.boot.config.PredicateBeans;
import dev.firebreak.spring.boot.context.MicrometerContextCarrier;
import org.springframework.beans.factory.BeanFactory;
import org.springframework.beans.factory.BeanFactoryAware;
import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.ConfigurableBeanFactory;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Lazy;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.util.ClassUtils;

/**
 * Firebreak's core auto-configuration: one {@link GuardRegistry} for the application, closed with the
 * context (its pools shut down, its scheduler stops), configured live from the Spring
 * {@code Environment} ({@code firebreak.*} and {@code hystrix.*} keys, see
 * {@link EnvironmentConfigurationBinder}; the guards listed in {@code firebreak.guards} are created at
 * startup), carrying thread-bound context (MDC, tracing, security) into calls through the
 * {@link ContextCarrier} bean if there is one ({@link #firebreakContextCarrier()}). An application that
 * declares its own {@code GuardRegistry} bean keeps it; it is bound to the Environment unless it already has a
 * configuration of its own. The starter's registry is made at its first use, or when the application
 * has started if it configures Firebreak ({@link GuardRegistryHolder}): an application that neither
 * uses nor configures Firebreak starts without a registry, its timer thread or its live configuration.
 *
 * <p>The starter's optional parts are auto-configurations of their own, not classes nested in this one:
 * Spring reads the class file of every member class of a configuration class it processes, while Boot
 * skips a top-level auto-configuration whose class or web-type condition fails from the starter's
 * generated metadata, without reading its class.
 */
@AutoConfiguration
public class FirebreakAutoConfiguration implements BeanFactoryAware {

    // The application's bean factory, for the predicate beans that classification keys name. Set by
    // Spring before any bean method runs; a field rather than a parameter so that the registry's bean
    // method keeps the signature of 0.2.0.
    private ListableBeanFactory beanFactory;

    /** Receives the application's bean factory (Spring calls it). */
    @Override
    public void setBeanFactory(BeanFactory beanFactory) {
        this.beanFactory = (ListableBeanFactory) beanFactory;
    }

    /** The name of the starter's registry bean. */
    private static final String REGISTRY_BEAN = "firebreakGuardRegistry";

    /** The Hystrix bridge's entry point, present with firebreak-hystrix. */
    private static final String HYSTRIX_BRIDGE = "dev.firebreak.hystrix.HystrixBridge";

    /**
     * The application's registry, on the system clock, bound to the Environment; closed with the context.
     * A lazy singleton: made at its first use ({@link GuardRegistryHolder}), or when the application has
     * started if it configures Firebreak (so a refused value still fails the start).
     */
    @Bean(destroyMethod = "close")
    @Lazy
    @ConditionalOnMissingBean(GuardRegistry.class)
    public GuardRegistry firebreakGuardRegistry(ObjectProvider<ContextCarrier> carrier, EnvironmentConfigurationBinder binder,
            GuardRegistryHolder holder) {
        GuardRegistry registry = GuardRegistry.builder()
                .contextCarrier(carrier.getIfAvailable(() -> ContextCarrier.NONE))
                .resultPredicates(new PredicateBeans(beanFactory)) // predicate beans by name, looked up when used
                .allowChaos(ChaosHeaders.allowed(beanFactory)) // firebreak.chaos.enabled, false by default
                .build();
        try {
            binder.bind(registry); // before any guard is built, so every guard starts with its configured values
            binder.declareGuards(registry);
        } catch (RuntimeException refused) {
            registry.close();
            throw refused;
        }
        holder.created(registry); // the meters bind now
        return registry;
    }

    /**
     * How the starter's parts reach the registry without creating it at startup. It is created when the
     * application has started if the Environment configures Firebreak or the Hystrix bridge needs it
     * ({@link EnvironmentConfigurationBinder#bindsAtStartup()}), or if it is the application's own bean.
     */
    @Bean
    public GuardRegistryHolder firebreakGuardRegistryHolder(ObjectProvider<GuardRegistry> registries,
            ObjectProvider<EnvironmentConfigurationBinder> binders, ListableBeanFactory beanFactory) {
        return GuardRegistryHolder.forStarter(registries, binders, beanFactory, REGISTRY_BEAN);
    }

    /**
     * Context propagation through Micrometer's context-propagation library (a dependency of the starter):
     * the carrier the registry takes, so MDC, tracing and security context reach THREAD and VIRTUAL isolation,
     * collapsed batches and async continuations; the library's registry is looked up (and the MDC accessor
     * added) at the first capture. Off with {@code firebreak.context-propagation.enabled=false}; an
     * application's own {@code ContextCarrier} bean replaces it. A method here rather than an
     * auto-configuration of its own: one configuration class fewer for every application to process.
     */
    @Bean
    @ConditionalOnClass(name = "io.micrometer.context.ContextRegistry")
    @ConditionalOnBooleanProperty(name = "firebreak.context-propagation.enabled", matchIfMissing = true)
    @ConditionalOnMissingBean(ContextCarrier.class)
    public static ContextCarrier firebreakContextCarrier() {
        return MicrometerContextCarrier.ofGlobalRegistry(); // the library's classes load only if this is called
    }

    /** The registry's live configuration: its properties in force and their origins, {@code refresh()}. */
    @Bean(destroyMethod = "") // closed with its registry
    @Lazy
    @ConditionalOnMissingBean(DynamicConfiguration.class)
    public DynamicConfiguration firebreakDynamicConfiguration(GuardRegistryHolder holder, EnvironmentConfigurationBinder binder) {
        return binder.bind(holder.get());
    }

    /**
     * The binder of the registry's configuration to the Environment; with firebreak-hystrix, the application's
     * registry is installed into the bridge ({@link BridgedBinder}), else it has a configuration of its own.
     */
    @Bean
    @ConditionalOnMissingBean(EnvironmentConfigurationBinder.class)
    public EnvironmentConfigurationBinder firebreakEnvironmentBinder(ConfigurableEnvironment environment,
            ConfigurableBeanFactory beanFactory) {
        EnvironmentConfigurationBinder binder = ClassUtils.isPresent(HYSTRIX_BRIDGE, beanFactory.getBeanClassLoader())
                ? BridgedBinder.create(environment) // a static call: BridgedBinder is loaded only with the bridge
                : new EnvironmentConfigurationBinder.PlainBinder(environment);
        binder.holdPollsUntilRefreshed(); // no poll while the context starts
        return binder;
    }
}
