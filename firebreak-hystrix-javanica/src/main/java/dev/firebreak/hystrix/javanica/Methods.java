package dev.firebreak.hystrix.javanica;

import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.stream.Collectors;

/** Finding methods of a bean's class as javanica does: by name and exact parameter types, any access, up the superclasses. */
final class Methods {

    private Methods() {
    }

    /** The method {@code name(parameterTypes)} declared by {@code type} or a superclass, or null. */
    static Method find(Class<?> type, String name, Class<?>... parameterTypes) {
        for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
            for (Method method : c.getDeclaredMethods()) {
                if (method.getName().equals(name) && !method.isBridge()
                        && Arrays.equals(method.getParameterTypes(), parameterTypes)) {
                    return method;
                }
            }
        }
        return null;
    }

    /** {@code name(A, B)} with simple type names. */
    static String signature(String name, Class<?>... parameterTypes) {
        return name + Arrays.stream(parameterTypes).map(Class::getSimpleName).collect(Collectors.joining(", ", "(", ")"));
    }

    /** {@code Type.name(A, B)}: how errors name a method. */
    static String describe(Method method) {
        return method.getDeclaringClass().getSimpleName() + "." + signature(method.getName(), method.getParameterTypes());
    }
}
