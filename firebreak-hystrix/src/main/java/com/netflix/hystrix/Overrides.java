package com.netflix.hystrix;

/** Finds whether a user's command class overrides one of the base class's no-argument methods. */
final class Overrides {

    private Overrides() {
    }

    /** Whether a class between {@code type} (inclusive) and {@code base} (exclusive) declares {@code method()}. */
    static boolean declares(Class<?> type, Class<?> base, String method) {
        for (Class<?> c = type; c != null && c != base; c = c.getSuperclass()) {
            try {
                c.getDeclaredMethod(method);
                return true;
            } catch (NoSuchMethodException notHere) {
                // keep looking in the superclass
            }
        }
        return false;
    }
}
