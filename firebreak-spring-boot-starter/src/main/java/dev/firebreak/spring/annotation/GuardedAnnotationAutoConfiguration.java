package dev.firebreak.spring.annotation;

import dev.firebreak.GuardRegistry;
import dev.firebreak.live.DynamicConfiguration;
import dev.firebreak.spring.boot.FirebreakAutoConfiguration;
import org.springframework.aop.Advisor;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;
import org.springframework.context.annotation.Role;
import org.springframework.core.env.Environment;

/**
 * Applies {@link Guarded} to Spring beans: an infrastructure advisor (picked up by Boot's auto-proxy
 * creator, with or without AspectJ on the classpath) and the scanner that resolves fallback methods at
 * startup, when the application's bean definitions may carry {@code @Guarded} ({@link OnGuardedBeansCondition}:
 * an application without any pays nothing for them). Off with {@code firebreak.annotations.enabled=false};
 * {@code true} registers them whatever the definitions say (for beans registered after the auto-configurations).
 */
@AutoConfiguration(after = FirebreakAutoConfiguration.class)
@ConditionalOnClass(Advisor.class)
@ConditionalOnProperty(name = OnGuardedBeansCondition.ENABLED, havingValue = "true", matchIfMissing = true)
@Conditional(OnGuardedBeansCondition.class)
public class GuardedAnnotationAutoConfiguration {

    /** The methods found and the guards they use, from the application's registry. */
    @Bean
    @Role(BeanDefinition.ROLE_INFRASTRUCTURE)
    static GuardedMethods firebreakGuardedMethods(ObjectProvider<GuardRegistry> registry,
            ObjectProvider<DynamicConfiguration> configuration) {
        return new GuardedMethods(registry, configuration);
    }

    /** Resolves each bean's {@code @Guarded} methods (and fallbacks) when the bean is created. */
    @Bean
    @Role(BeanDefinition.ROLE_INFRASTRUCTURE)
    static GuardedMethodsScanner firebreakGuardedMethodsScanner(ObjectProvider<GuardedMethods> methods, Environment environment) {
        return new GuardedMethodsScanner(methods.getObject(), environment);
    }

    /**
     * Runs every {@code @Guarded} method (on the class or an interface it implements) under its guard;
     * classes that cannot have one are not searched ({@link GuardedClassFilter}).
     */
    @Bean
    @Role(BeanDefinition.ROLE_INFRASTRUCTURE)
    static Advisor firebreakGuardedAdvisor(ObjectProvider<GuardedMethods> methods) {
        GuardedMethods guarded = methods.getObject();
        return new GuardedAdvisor(new GuardedClassFilter(guarded), new GuardedInterceptor(guarded));
    }
}
