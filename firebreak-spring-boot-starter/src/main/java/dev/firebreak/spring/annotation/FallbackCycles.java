package dev.firebreak.spring.annotation;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Refuses, when the bean is created, fallback methods that are {@code @Guarded} themselves and fall back,
 * through their own fallback methods, to a method already on the way (a to b to a, or longer): a call
 * that fails everywhere would run them in a circle.
 */
final class FallbackCycles {

    private FallbackCycles() {
    }

    /**
     * Walks every chain of guarded fallbacks from {@code method}; throws an {@link IllegalStateException}
     * naming the bean and the methods of the first cycle found.
     */
    static void check(String beanName, Class<?> beanClass, Method method, FallbackMethod fallback) {
        List<Method> path = new ArrayList<>(List.of(method));
        visit(beanName, beanClass, path, fallback);
    }

    // Each step adds a method not yet on the path, so the walk ends: at most as deep as the class has methods.
    private static void visit(String beanName, Class<?> beanClass, List<Method> path, FallbackMethod fallback) {
        for (Method next : fallback.guardedMethods()) {
            int seen = path.indexOf(next);
            if (seen >= 0) {
                List<Method> cycle = new ArrayList<>(path.subList(seen, path.size()));
                cycle.add(next);
                throw DeclaredPolicies.refusal(beanName, beanClass, path.get(0), "falls back through @Guarded"
                        + " fallback methods that lead back to " + signature(next) + ": "
                        + cycle.stream().map(FallbackCycles::signature).collect(Collectors.joining(" -> "))
                        + "; expected every chain of fallbacks to end (at a fallback method that is not @Guarded,"
                        + " or @Guarded without a fallbackMethod)");
            }
            Guarded guarded = GuardedSearch.find(next, beanClass);
            if (guarded == null || guarded.fallbackMethod().isEmpty()) {
                continue;
            }
            path.add(next);
            visit(beanName, beanClass, path, FallbackMethod.resolve(beanName, beanClass, next, guarded.fallbackMethod()));
            path.remove(path.size() - 1);
        }
    }

    private static String signature(Method method) {
        return method.getName() + Arrays.stream(method.getParameterTypes()).map(Class::getSimpleName)
                .collect(Collectors.joining(", ", "(", ")"));
    }
}
