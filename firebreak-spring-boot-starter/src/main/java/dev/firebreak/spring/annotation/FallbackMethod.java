package dev.firebreak.spring.annotation;

import dev.firebreak.CallFailedException;
import dev.firebreak.GuardException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import org.springframework.util.ClassUtils;
import org.springframework.util.ReflectionUtils;

/**
 * A {@link Guarded} method's fallback method, resolved once: same parameters as the guarded method,
 * optionally one more {@code Throwable} parameter, and a return type assignable to the guarded one's.
 */
final class FallbackMethod {

    private final Method method;
    private final boolean takesCause;

    private FallbackMethod(Method method, boolean takesCause) {
        this.method = method;
        this.takesCause = takesCause;
        ReflectionUtils.makeAccessible(method);
    }

    /**
     * Finds {@code name} on {@code beanClass} (or a superclass) for {@code guarded}, or throws an
     * {@link IllegalStateException} naming the bean, the method and the signature expected.
     */
    static FallbackMethod resolve(String beanName, Class<?> beanClass, Method guarded, String name) {
        Class<?>[] expected = guarded.getParameterTypes();
        Class<?>[] withCause = Arrays.copyOf(expected, expected.length + 1);
        withCause[expected.length] = Throwable.class;
        List<Method> named = new ArrayList<>();
        ReflectionUtils.doWithMethods(beanClass, named::add, candidate -> candidate.getName().equals(name)
                && !candidate.isBridge() && !candidate.isSynthetic());
        String problem;
        Method match = named.stream()
                .filter(m -> Arrays.equals(m.getParameterTypes(), expected) || Arrays.equals(m.getParameterTypes(), withCause))
                .findFirst().orElse(null);
        if (match == null) {
            problem = named.isEmpty() ? "the class has no method named '" + name + "'"
                    : "no method of that name has matching parameters (found "
                    + named.stream().map(FallbackMethod::signature).collect(Collectors.joining(", ")) + ")";
        } else if (!ClassUtils.isAssignable(guarded.getReturnType(), match.getReturnType())) {
            problem = signature(match) + " returns " + match.getReturnType().getSimpleName() + ", which is not assignable to "
                    + guarded.getReturnType().getSimpleName();
        } else {
            return new FallbackMethod(match, match.getParameterCount() == withCause.length);
        }
        throw new IllegalStateException("Bean '" + beanName + "' (" + beanClass.getName() + "): @Guarded method "
                + signature(guarded) + " names fallbackMethod '" + name + "', but " + problem + "; expected "
                + name + params(expected) + " or " + name + params(withCause) + " returning "
                + guarded.getReturnType().getSimpleName());
    }

    /**
     * Calls the fallback on {@code target} with the call's arguments (and the cause, when it takes one);
     * its own exception is rethrown as it is, so the guard reports FALLBACK_FAILURE with it.
     */
    Object invoke(Object target, Object[] args, GuardException failure) throws Exception {
        Object[] actual = args;
        if (takesCause) {
            actual = Arrays.copyOf(args, args.length + 1);
            actual[args.length] = causeOf(failure);
        }
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
