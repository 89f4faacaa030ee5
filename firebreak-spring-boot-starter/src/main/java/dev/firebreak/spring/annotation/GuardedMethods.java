package dev.firebreak.spring.annotation;

import dev.firebreak.Guard;
import dev.firebreak.GuardRegistry;
import java.lang.reflect.Method;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.beans.factory.ObjectProvider;

/**
 * The {@link Guarded} methods found so far (by the bean post-processor at startup, or at a method's
 * first call for a bean it did not see) and the guards they run under, from the application's
 * {@link GuardRegistry}.
 */
public final class GuardedMethods {

    private final ObjectProvider<GuardRegistry> registry;
    /**
     * Per bean class, its methods' resolutions: one method can stand for several classes (a superclass's
     * method inherited by two beans' classes) with a fallback method, or an interface's {@code @Guarded}, of
     * each class's own, so the class is part of the key.
     */
    private final Map<Class<?>, Map<Method, GuardedMethod>> methods = new ConcurrentHashMap<>();
    private final Set<String> guardNames = ConcurrentHashMap.newKeySet();
    /** Classes searched whole by the startup scan and found without {@code @Guarded} methods; only ever grows. */
    private final Set<Class<?>> withoutGuardedMethods = ConcurrentHashMap.newKeySet();

    /** Reads the registry lazily, so that creating this object initialises nothing. */
    public GuardedMethods(ObjectProvider<GuardRegistry> registry) {
        this.registry = registry;
    }

    /** Records a method of {@code beanClass} resolved at startup. */
    void put(Class<?> beanClass, Method method, GuardedMethod guarded) {
        methods.computeIfAbsent(beanClass, type -> new ConcurrentHashMap<>()).put(method, guarded);
        guardNames.add(guarded.guardName());
    }

    /** Records that the startup scan searched every method of {@code userClass} and found none {@code @Guarded}. */
    void searchedWithoutGuarded(Class<?> userClass) {
        withoutGuardedMethods.add(userClass);
    }

    /**
     * Whether the startup scan searched every method of {@code userClass} (a bean's class, not a
     * CGLIB subclass) and found none {@code @Guarded}; false for a class it has not searched.
     */
    boolean knownWithoutGuarded(Class<?> userClass) {
        return withoutGuardedMethods.contains(userClass);
    }

    /**
     * The resolution of {@code method} as a bean of {@code targetClass} (the bean's own class, not a CGLIB
     * subclass) runs it, resolving it now (under the class's name) if startup did not see it. Two lookups,
     * nothing allocated once resolved.
     */
    GuardedMethod get(Method method, Class<?> targetClass) {
        Map<Method, GuardedMethod> ofClass = methods.get(targetClass);
        GuardedMethod known = ofClass == null ? null : ofClass.get(method);
        if (known != null) {
            return known;
        }
        return methods.computeIfAbsent(targetClass, type -> new ConcurrentHashMap<>()).computeIfAbsent(method, m -> {
            GuardedMethod resolved = GuardedMethod.resolve(targetClass.getSimpleName(), targetClass, m);
            guardNames.add(resolved.guardName());
            return resolved;
        });
    }

    /** Creates the guard of every method seen so far, so they show on the endpoints before a first call. */
    void createGuards() {
        if (guardNames.isEmpty()) {
            return; // nothing to make: the registry is not asked for
        }
        guardNames.forEach(this::guard);
    }

    /** The guard named {@code name}: the registry's, built with its configuration if it has none yet. */
    Guard guard(String name) {
        GuardRegistry guards = registry.getObject();
        Guard existing = guards.find(name).orElse(null);
        if (existing != null) {
            return existing;
        }
        try {
            return guards.guard(name).build();
        } catch (IllegalArgumentException | IllegalStateException raced) {
            return guards.find(name).orElseThrow(() -> raced); // another thread built it first
        }
    }
}
