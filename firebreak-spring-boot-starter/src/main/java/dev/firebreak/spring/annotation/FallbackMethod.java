package dev.firebreak.spring.annotation;

import dev.firebreak.CallFailedException;
import dev.firebreak.GuardException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.springframework.util.ClassUtils;
import org.springframework.util.ReflectionUtils;

/**
 * A {@link Guarded} method's fallback methods, resolved once: each has the guarded method's parameters,
 * optionally followed by one exception parameter, and a return type assignable to the guarded one's.
 * Several may share the name: for a failure the one whose exception parameter is the most specific type
 * of the cause is chosen; the one without it (or with {@code Throwable}) is the catch-all.
 */
final class FallbackMethod {

    /** Methods taking a cause narrower than Throwable, most specific type first. */
    private final List<Method> typed;
    private final Method catchAll;
    /** Those of them that are {@code @Guarded} themselves, on the bean's class. */
    private final Set<Method> guarded;

    private FallbackMethod(List<Method> typed, Method catchAll, Class<?> beanClass) {
        this.typed = List.copyOf(typed);
        this.catchAll = catchAll;
        Set<Method> found = new HashSet<>();
        for (Method method : typed) {
            if (GuardedSearch.find(method, beanClass) != null) {
                found.add(method);
            }
        }
        if (GuardedSearch.find(catchAll, beanClass) != null) {
            found.add(catchAll);
        }
        this.guarded = Set.copyOf(found);
        typed.forEach(ReflectionUtils::makeAccessible);
        ReflectionUtils.makeAccessible(catchAll);
    }

    /**
     * Finds the methods named {@code name} on {@code beanClass} (or a superclass) for {@code guarded}, or
     * throws an {@link IllegalStateException} naming the bean, the method and the signatures expected.
     */
    static FallbackMethod resolve(String beanName, Class<?> beanClass, Method guarded, String name) {
        Class<?>[] expected = guarded.getParameterTypes();
        Class<?>[] withCause = Arrays.copyOf(expected, expected.length + 1);
        withCause[expected.length] = Throwable.class;
        Map<List<Class<?>>, Method> named = new LinkedHashMap<>(); // by parameters: the most derived class's first
        ReflectionUtils.doWithMethods(beanClass, m -> named.putIfAbsent(List.of(m.getParameterTypes()), m),
                candidate -> candidate.getName().equals(name) && !candidate.isBridge() && !candidate.isSynthetic());
        List<Method> matching = named.values().stream().filter(m -> takes(m, expected)).toList();
        String problem = null;
        Method catchAll = null;
        List<Method> typed = new ArrayList<>();
        if (matching.isEmpty()) {
            problem = named.isEmpty() ? "the class has no method named '" + name + "'"
                    : "no method of that name has matching parameters (found "
                    + named.values().stream().map(FallbackMethod::signature).collect(Collectors.joining(", ")) + ")";
        }
        for (Method match : matching) {
            if (problem != null) {
                break;
            }
            Class<?> cause = match.getParameterCount() > expected.length ? match.getParameterTypes()[expected.length] : null;
            if (!ClassUtils.isAssignable(guarded.getReturnType(), match.getReturnType())) {
                problem = signature(match) + " returns " + match.getReturnType().getSimpleName()
                        + ", which is not assignable to " + guarded.getReturnType().getSimpleName();
            } else if (cause == null || cause == Throwable.class) {
                problem = catchAll == null ? null : "both " + name + params(expected) + " and " + name
                        + params(withCause) + " take every failure (ambiguous: keep one as the catch-all)";
                catchAll = match;
            } else if (!reachable(cause, guarded)) {
                problem = signature(match) + " can never be chosen: " + cause.getSimpleName() + " is a checked"
                        + " exception " + signature(guarded) + " does not declare";
            } else {
                typed.add(match);
            }
        }
        if (problem == null && catchAll == null) {
            problem = "the typed fallbacks " + typed.stream().map(FallbackMethod::signature)
                    .collect(Collectors.joining(", ")) + " need a catch-all for the other failures";
        }
        if (problem == null) {
            typed.sort(Comparator.comparingInt((Method m) -> depth(m.getParameterTypes()[expected.length])).reversed());
            return new FallbackMethod(typed, catchAll, beanClass);
        }
        throw new IllegalStateException("Bean '" + beanName + "' (" + beanClass.getName() + "): @Guarded method "
                + signature(guarded) + " names fallbackMethod '" + name + "', but " + problem + "; expected "
                + name + params(expected) + " or " + name + params(withCause) + " returning "
                + guarded.getReturnType().getSimpleName());
    }

    /** Whether {@code m} takes the guarded method's parameters, then at most one exception. */
    private static boolean takes(Method m, Class<?>[] expected) {
        Class<?>[] types = m.getParameterTypes();
        if (types.length == expected.length) {
            return Arrays.equals(types, expected);
        }
        return types.length == expected.length + 1 && Arrays.equals(Arrays.copyOf(types, expected.length), expected)
                && Throwable.class.isAssignableFrom(types[expected.length]);
    }

    /**
     * Whether a cause of type {@code type} can reach the fallback: unchecked exceptions, errors and the
     * guard's own exceptions can; a checked one only if the guarded method declares it, a subtype or a supertype.
     */
    private static boolean reachable(Class<?> type, Method guarded) {
        if (RuntimeException.class.isAssignableFrom(type) || Error.class.isAssignableFrom(type)
                || type.isAssignableFrom(RuntimeException.class) || type.isAssignableFrom(Error.class)) {
            return true;
        }
        for (Class<?> declared : guarded.getExceptionTypes()) {
            if (declared.isAssignableFrom(type) || type.isAssignableFrom(declared)) {
                return true;
            }
        }
        return false;
    }

    private static int depth(Class<?> type) {
        int depth = 0;
        for (Class<?> c = type; c != null; c = c.getSuperclass()) {
            depth++;
        }
        return depth;
    }

    /** Whether any of these methods is itself {@code @Guarded}. */
    boolean anyGuarded() {
        return !guarded.isEmpty();
    }

    /** Those of these methods that are {@code @Guarded} themselves. */
    Set<Method> guardedMethods() {
        return guarded;
    }

    /** Whether {@code method}, one of these, is itself {@code @Guarded}. */
    boolean isGuarded(Method method) {
        return guarded.contains(method);
    }

    /** The method chosen for {@code cause}: the typed one of its most specific type, else the catch-all. */
    Method choose(Throwable cause) {
        for (Method method : typed) {
            if (method.getParameterTypes()[method.getParameterCount() - 1].isInstance(cause)) {
                return method;
            }
        }
        return catchAll;
    }

    /**
     * Calls the fallback chosen for {@code failure} on {@code target} with the call's arguments (and the
     * cause, when it takes one); its own exception is rethrown as it is, so the guard reports
     * FALLBACK_FAILURE with it.
     */
    Object invoke(Object target, Object[] args, GuardException failure) throws Exception {
        Throwable cause = causeOf(failure);
        Method method = choose(cause);
        return call(method, target, arguments(method, args, cause));
    }

    /** The arguments of {@code method}: the call's, and the cause when it takes one. */
    static Object[] arguments(Method method, Object[] args, Throwable cause) {
        if (method.getParameterCount() == args.length) {
            return args;
        }
        Object[] actual = Arrays.copyOf(args, args.length + 1);
        actual[args.length] = cause;
        return actual;
    }

    /** Invokes {@code method}, rethrowing what it throws as it is. */
    static Object call(Method method, Object target, Object[] actual) throws Exception {
        try {
            return method.invoke(target, actual);
        } catch (InvocationTargetException e) {
            Throwable thrown = e.getTargetException();
            if (thrown instanceof Exception exception) {
                throw exception;
            }
            throw (Error) thrown;
        }
    }

    /** The method's own exception for a failure; the {@code GuardException} otherwise. */
    static Throwable causeOf(GuardException failure) {
        if (failure instanceof CallFailedException && failure.getCause() != null) {
            return failure.getCause();
        }
        return failure;
    }

    private static String signature(Method method) {
        return method.getName() + params(method.getParameterTypes());
    }

    private static String params(Class<?>[] types) {
        return Arrays.stream(types).map(Class::getSimpleName).collect(Collectors.joining(", ", "(", ")"));
    }
}
