package dev.firebreak.hystrix.javanica;

import java.lang.reflect.Method;
import java.util.Arrays;

/**
 * A command's resolved fallback.
 *
 * @param method the fallback method (made accessible)
 * @param takesThrowable whether it takes the execution exception as its last parameter
 * @param isDefault whether it is a default fallback (no parameters of the command)
 * @param command its own command definition when it is itself a {@code @HystrixCommand} (a chained fallback), else null
 */
record FallbackDefinition(Method method, boolean takesThrowable, boolean isDefault, CommandDefinition command) {

    /** The fallback's arguments for a command called with {@code commandArgs} that failed with {@code failure}. */
    Object[] arguments(Object[] commandArgs, Throwable failure) {
        Object[] base = isDefault ? new Object[0] : commandArgs;
        if (!takesThrowable) {
            return base;
        }
        Object[] extended = Arrays.copyOf(base, base.length + 1);
        extended[base.length] = failure;
        return extended;
    }
}
