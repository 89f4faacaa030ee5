package dev.firebreak.spring.annotation;

import java.lang.reflect.Method;
import org.springframework.beans.factory.BeanCreationException;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.core.env.Environment;
import org.springframework.util.ClassUtils;
import org.springframework.util.ReflectionUtils;

/**
 * Finds every bean's {@link Guarded} methods as the bean is created and resolves their fallback
 * methods then, so a missing or mismatched fallback fails the application's startup (a
 * {@link BeanCreationException} naming the bean, the method and the signature expected) rather than
 * the first failing call. Once every singleton exists, it creates their guards in the registry, so
 * they show on the endpoints and the stream before the first call.
 *
 * <p>To keep startup cheap, the methods of a class are searched once: classes that cannot carry the
 * annotation (the JDK's, Spring's own) are skipped, and a class found without {@code @Guarded}
 * methods is remembered (in {@link GuardedMethods}), so its further beans (prototypes, several
 * singletons) are not searched again, and the advisor's {@link GuardedClassFilter} does not search it
 * either. A method the scan skipped still runs guarded: {@link GuardedMethods} resolves it at its
 * first call.
 */
final class GuardedMethodsScanner implements BeanPostProcessor, SmartInitializingSingleton {

    private final GuardedMethods methods;
    private final Environment environment;

    GuardedMethodsScanner(GuardedMethods methods) {
        this(methods, null);
    }

    /** With {@code environment}, a declared retry or hedge whose name it does not configure fails the bean. */
    GuardedMethodsScanner(GuardedMethods methods, Environment environment) {
        this.methods = methods;
        this.environment = environment;
    }

    @Override
    public Object postProcessBeforeInitialization(Object bean, String beanName) {
        Class<?> beanClass = ClassUtils.getUserClass(bean);
        if (!GuardedSearch.mayDeclareGuarded(beanClass) || methods.knownWithoutGuarded(beanClass)) {
            return bean;
        }
        boolean[] found = {false};
        boolean contracts = GuardedSearch.interfacesDeclareGuarded(beanClass); // else no inherited method can match one
        ReflectionUtils.doWithMethods(beanClass, method -> {
            found[0] = true;
            try {
                GuardedMethod guarded = GuardedMethod.resolve(beanName, beanClass, method);
                checkPolicies(beanName, beanClass, method, guarded);
                dev.firebreak.classify.ClassifyConfig other = methods.claimClassification(guarded);
                if (other != null) {
                    throw DeclaredPolicies.refusal(beanName, beanClass, method, "declares ignore/record/"
                            + "recordResultPredicate " + GuardedMethod.describe(guarded.classify()) + " for guard '"
                            + guarded.guardName() + "', but another @Guarded method of that guard declares "
                            + GuardedMethod.describe(other)
                            + "; the methods of one guard declare one classification");
                }
                methods.put(beanClass, method, guarded);
            } catch (IllegalStateException refused) {
                throw new BeanCreationException(beanName, refused.getMessage(), refused);
            }
        }, method -> !method.isBridge() && (GuardedSearch.carriesGuarded(method) // not Object's methods, say
                || contracts && GuardedSearch.onTargetsInterface(method, beanClass) != null));
        if (!found[0]) {
            methods.searchedWithoutGuarded(beanClass); // the advisor's class filter reads it too
        }
        return bean;
    }

    /** Refuses a declared retry or hedge the Environment does not configure, or one already serving another guard. */
    private void checkPolicies(String beanName, Class<?> beanClass, Method method, GuardedMethod guarded) {
        if (guarded.retry() == null && guarded.hedge() == null) {
            return;
        }
        if (environment != null) {
            DeclaredPolicies.requireConfigured(beanName, beanClass, method, GuardedSearch.find(method, beanClass), environment);
        }
        String conflict = methods.claimPolicy(guarded);
        if (conflict != null) {
            throw DeclaredPolicies.refusal(beanName, beanClass, method, conflict
                    + "; a policy goes through one guard: give each guard its own");
        }
    }

    @Override
    public void afterSingletonsInstantiated() {
        methods.createGuards();
    }
}
