package dev.firebreak.spring.annotation;

import org.springframework.beans.factory.FactoryBean;
import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.boot.autoconfigure.condition.ConditionOutcome;
import org.springframework.boot.autoconfigure.condition.SpringBootCondition;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.context.annotation.ConfigurationCondition;
import org.springframework.core.type.AnnotatedTypeMetadata;
import org.springframework.util.ClassUtils;

/**
 * Whether the application may have {@link Guarded} methods, decided from its bean definitions when the
 * auto-configurations register theirs (after the application's own configuration and component scan):
 * the advisor and the startup scan are registered only then, so an application without any
 * {@code @Guarded} method pays nothing for them (no bean post-processor, no advisor for the auto-proxy
 * creator to match against every bean).
 *
 * <p>It matches when {@code firebreak.annotations.enabled} is set to {@code true}, or when some bean
 * definition may carry {@code @Guarded}; it errs on the side of matching:
 * <ul>
 * <li>a bean of a class of the application's (not Spring's, not the JDK's) whose methods, or those of a
 *     class or interface it inherits, carry {@code @Guarded}; or a {@code FactoryBean}, whose product is unknown;
 * <li>a bean made by a {@code @Bean} method of the application's (its declared type may be an interface
 *     or a superclass of the class that declares {@code @Guarded}), or any bean whose class is not known
 *     (neither a class name nor a target type, nor one of Spring's internal names).
 * </ul>
 * Beans declared by Spring's configuration classes and by Firebreak's auto-configurations are not
 * considered. A bean registered after the auto-configurations (by a later bean-definition registry
 * post-processor, or at runtime) is not seen: set {@code firebreak.annotations.enabled=true} for such an
 * application.
 */
final class OnGuardedBeansCondition extends SpringBootCondition implements ConfigurationCondition {

    /** The property that forces ({@code true}) or turns off ({@code false}) the annotations' support. */
    static final String ENABLED = "firebreak.annotations.enabled";

    @Override
    public ConfigurationPhase getConfigurationPhase() {
        return ConfigurationPhase.REGISTER_BEAN; // every definition of the application's is registered by then
    }

    @Override
    public ConditionOutcome getMatchOutcome(ConditionContext context, AnnotatedTypeMetadata metadata) {
        if ("true".equalsIgnoreCase(context.getEnvironment().getProperty(ENABLED, "").trim())) {
            return ConditionOutcome.match(ENABLED + "=true");
        }
        ConfigurableListableBeanFactory beans = context.getBeanFactory();
        if (beans == null) {
            return ConditionOutcome.match("no bean factory to search");
        }
        for (String name : beans.getBeanDefinitionNames()) {
            String reason = mayCarryGuarded(beans, name, context.getClassLoader());
            if (reason != null) {
                return ConditionOutcome.match("bean '" + name + "': " + reason);
            }
        }
        return ConditionOutcome.noMatch("no bean definition carries @Guarded");
    }

    /** Why the bean named {@code name} may have {@code @Guarded} methods, or null if it cannot. */
    static String mayCarryGuarded(ConfigurableListableBeanFactory beans, String name, ClassLoader loader) {
        BeanDefinition definition = beans.getBeanDefinition(name);
        if (definition.getRole() == BeanDefinition.ROLE_INFRASTRUCTURE) {
            return null;
        }
        if (definition.getFactoryMethodName() != null) {
            String factoryClass = definition.getFactoryBeanName() == null ? definition.getBeanClassName()
                    : factoryClassName(beans, definition.getFactoryBeanName());
            return factoryClass != null && isNotTheApplications(factoryClass) ? null
                    : "made by a factory method of " + factoryClass + ", whose product may declare it";
        }
        String className = definition.getBeanClassName();
        if (className == null) {
            Class<?> declared = definition.getResolvableType().resolve(); // a programmatic registration's target type
            boolean springsInternal = name.startsWith(GuardedSearch.FRAMEWORK_PACKAGE);
            className = declared != null ? declared.getName() : springsInternal ? name : null;
        }
        if (className == null) {
            return "its class is not known before it is made";
        }
        if (isNotTheApplications(className)) {
            return null;
        }
        Class<?> beanClass;
        try {
            beanClass = ClassUtils.forName(className, loader);
        } catch (ClassNotFoundException | LinkageError unreadable) {
            return "its class " + className + " could not be read (" + unreadable + ")";
        }
        if (FactoryBean.class.isAssignableFrom(beanClass)) {
            return "a FactoryBean, whose product may declare it";
        }
        return GuardedSearch.declaresGuarded(beanClass) ? beanClass.getName() + " declares it" : null;
    }

    private static String factoryClassName(ConfigurableListableBeanFactory beans, String factoryBeanName) {
        return beans.containsBeanDefinition(factoryBeanName) ? beans.getBeanDefinition(factoryBeanName).getBeanClassName()
                : null;
    }

    /**
     * Spring's and the JDK's classes cannot carry {@code @Guarded}, nor can Firebreak's auto-configurations'
     * beans (the starter's and javanica's), declared by classes named {@code dev.firebreak....AutoConfiguration}.
     */
    static boolean isNotTheApplications(String className) {
        return className.startsWith(GuardedSearch.FRAMEWORK_PACKAGE) || className.startsWith("java.")
                || className.startsWith("dev.firebreak.") && className.endsWith("AutoConfiguration");
    }
}
