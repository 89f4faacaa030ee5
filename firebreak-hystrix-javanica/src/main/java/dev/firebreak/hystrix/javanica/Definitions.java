package dev.firebreak.hystrix.javanica;

import com.netflix.hystrix.contrib.javanica.annotation.HystrixCollapser;
import com.netflix.hystrix.contrib.javanica.annotation.HystrixCommand;
import java.lang.reflect.Method;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The resolved definitions of annotated methods, one per (bean class, method), built once: by the
 * startup check for every bean, or at the first call for an object Spring did not check. A definition
 * that cannot be built is never stored, so its error is raised again, never hidden.
 */
final class Definitions {

    private static final Map<Key, Object> DEFINITIONS = new ConcurrentHashMap<>();

    private Definitions() {
    }

    /** Whether {@code method} carries an annotation this module applies. */
    static boolean isAnnotated(Method method) {
        return method.isAnnotationPresent(HystrixCommand.class) || method.isAnnotationPresent(HystrixCollapser.class);
    }

    /** The definition of {@code method} in {@code targetClass}: a {@link CommandDefinition} or a {@link CollapserDefinition}. */
    static Object of(Class<?> targetClass, Method method, String where) {
        Key key = new Key(targetClass, method);
        Object known = DEFINITIONS.get(key);
        if (known != null) {
            return known;
        }
        Object built = method.isAnnotationPresent(HystrixCollapser.class)
                ? CollapserDefinition.build(targetClass, method, where)
                : CommandDefinition.build(targetClass, method, where);
        Object raced = DEFINITIONS.putIfAbsent(key, built);
        return raced == null ? built : raced;
    }

    /**
     * Checks {@code method} at startup. A command whose last parameter is a {@code Throwable} is checked
     * as the fallback it is written to be (its own fallback then has its parameters without that one).
     */
    static void check(Class<?> targetClass, Method method, String where) {
        Class<?>[] parameters = method.getParameterTypes();
        if (method.isAnnotationPresent(HystrixCommand.class) && !method.isAnnotationPresent(HystrixCollapser.class)
                && parameters.length > 0 && parameters[parameters.length - 1] == Throwable.class) {
            CommandDefinition.build(targetClass, method, true, where, new java.util.LinkedHashSet<>());
        } else {
            of(targetClass, method, where);
        }
    }

    private record Key(Class<?> targetClass, Method method) {
    }
}
