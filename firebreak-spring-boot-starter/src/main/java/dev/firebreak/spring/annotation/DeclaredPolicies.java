package dev.firebreak.spring.annotation;

import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.stream.Collectors;
import org.springframework.core.annotation.AnnotatedElementUtils;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.EnumerablePropertySource;
import org.springframework.core.env.Environment;
import org.springframework.core.env.PropertySource;
import org.springframework.resilience.annotation.Retryable;

/**
 * The rules of a retry or a hedge declared on a {@link Guarded} method, checked when its bean is created:
 * what can be declared (the annotation's own attributes and the method's return type), and that each
 * name refers to a policy the Environment configures. A refusal names the bean, the method and the reason.
 */
final class DeclaredPolicies {

    /** The prefix of a declared retry's keys: {@code firebreak.retry.<name>.}. */
    static final String RETRY_PREFIX = "firebreak.retry.";
    /** The prefix of a declared hedge's keys: {@code firebreak.hedge.<name>.}. */
    static final String HEDGE_PREFIX = "firebreak.hedge.";

    private DeclaredPolicies() {
    }

    /**
     * Refuses a declaration that cannot work, whatever the Environment says: a blank or reserved name,
     * a declared retry beside Spring's {@code @Retryable}, a hedge on a method not marked idempotent.
     */
    static void check(String beanName, Class<?> beanClass, Method method, Guarded guarded) {
        String retry = guarded.retry();
        String hedge = guarded.hedge();
        if (retry.isEmpty() && hedge.isEmpty()) {
            return;
        }
        String problem = null;
        if (!retry.isEmpty() && (retry.isBlank() || retry.equals("default"))) {
            problem = "declares retry '" + retry + "'; expected the name of a retry policy (not blank, not 'default',"
                    + " which names the default section firebreak.retry.default.*)";
        } else if (!hedge.isEmpty() && (hedge.isBlank() || hedge.equals("default"))) {
            problem = "declares hedge '" + hedge + "'; expected the name of a hedging policy (not blank, not 'default',"
                    + " which names the default section firebreak.hedge.default.*)";
        } else if (!retry.isEmpty() && (AnnotatedElementUtils.hasAnnotation(method, Retryable.class)
                || AnnotatedElementUtils.hasAnnotation(beanClass, Retryable.class))) {
            problem = "declares retry '" + retry + "' and is also Spring's @Retryable; the two would multiply each"
                    + " other's attempts: keep one (Spring's retry runs outside the guard, each attempt a guarded call)";
        } else if (!hedge.isEmpty() && !guarded.idempotent()) {
            problem = "declares hedge '" + hedge + "' but is not marked idempotent; a hedge runs the method again while"
                    + " the first call still runs: expected @Guarded(..., idempotent = true) if that is safe";
        }
        if (problem != null) {
            throw refusal(beanName, beanClass, method, problem);
        }
    }

    /**
     * Refuses a declared retry or hedge whose name no key of the Environment configures
     * ({@code firebreak.retry.<name>.*}, {@code firebreak.hedge.<name>.*}): most likely a misspelt name,
     * which would otherwise run silently with the defaults.
     */
    static void requireConfigured(String beanName, Class<?> beanClass, Method method, Guarded guarded, Environment environment) {
        if (!(environment instanceof ConfigurableEnvironment configurable)) {
            return; // nothing to enumerate
        }
        String retry = guarded.retry();
        String hedge = guarded.hedge();
        if (!retry.isEmpty() && !hasKeyUnder(configurable, RETRY_PREFIX + retry + ".")) {
            throw refusal(beanName, beanClass, method, "declares retry '" + retry + "', but the Environment has no key "
                    + RETRY_PREFIX + retry + ".*; expected at least one (for example " + RETRY_PREFIX + retry + ".maxAttempts)");
        }
        if (!hedge.isEmpty() && !hasKeyUnder(configurable, HEDGE_PREFIX + hedge + ".")) {
            throw refusal(beanName, beanClass, method, "declares hedge '" + hedge + "', but the Environment has no key "
                    + HEDGE_PREFIX + hedge + ".*; expected at least one (for example " + HEDGE_PREFIX + hedge
                    + ".delay.percentile)");
        }
    }

    /** An {@link IllegalStateException} naming the bean, its class and the method, then the problem. */
    static IllegalStateException refusal(String beanName, Class<?> beanClass, Method method, String problem) {
        return new IllegalStateException("Bean '" + beanName + "' (" + beanClass.getName() + "): @Guarded method "
                + method.getName() + Arrays.stream(method.getParameterTypes()).map(Class::getSimpleName)
                        .collect(Collectors.joining(", ", "(", ")")) + " " + problem);
    }

    // The same keys the live configuration is handed (SpringEnvironmentSource): literal firebreak.* names.
    private static boolean hasKeyUnder(ConfigurableEnvironment environment, String prefix) {
        for (PropertySource<?> source : environment.getPropertySources()) {
            if (source instanceof EnumerablePropertySource<?> enumerable) {
                for (String key : enumerable.getPropertyNames()) {
                    if (key.startsWith(prefix)) {
                        return true;
                    }
                }
            }
        }
        return false;
    }
}
