package com.netflix.hystrix.util;

/** Exception helpers. */
public class Exceptions {

    private Exceptions() {
    }

    /**
     * Throws {@code t} as it is, checked or not, without declaring it. The declared return type lets a
     * caller write {@code throw Exceptions.sneakyThrow(t)} so that the compiler sees the path end.
     */
    public static RuntimeException sneakyThrow(Throwable t) {
        if (t == null) {
            throw new NullPointerException("sneakyThrow: the throwable must not be null");
        }
        throw Exceptions.<RuntimeException>rethrow(t);
    }

    // The cast is erased: T is RuntimeException to the compiler and nothing at run time, so a checked
    // exception passes through unwrapped.
    @SuppressWarnings("unchecked")
    private static <T extends Throwable> T rethrow(Throwable t) throws T {
        throw (T) t;
    }
}
