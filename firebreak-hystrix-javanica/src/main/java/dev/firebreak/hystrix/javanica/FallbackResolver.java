package dev.firebreak.hystrix.javanica;

import com.netflix.hystrix.contrib.javanica.annotation.DefaultProperties;
import com.netflix.hystrix.contrib.javanica.annotation.HystrixCommand;
import com.netflix.hystrix.contrib.javanica.exception.FallbackDefinitionException;
import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.Set;
import org.springframework.core.ResolvableType;

/**
 * Finds a command's fallback by javanica's documented rules, in this order: the command's
 * {@code fallbackMethod}, the command's {@code defaultFallback}, the class's
 * {@code @DefaultProperties(defaultFallback)}. A specific fallback has the command's parameters; a
 * default one has none; either may add a last {@code Throwable} parameter (preferred when both exist).
 * The fallback lives in the bean's class or a superclass, with any access. Its values must fit the
 * command's: a synchronous command takes a synchronous fallback; a {@code Future} command a value or a
 * {@code Future}; an {@code Observable} command a value or an {@code Observable}. Anything else is a
 * {@link FallbackDefinitionException} naming the command, the fallback and what was expected.
 */
final class FallbackResolver {

    private FallbackResolver() {
    }

    /**
     * The fallback of {@code command} declared in {@code targetClass}, or null when it has none.
     *
     * @param extended whether {@code command} is itself a fallback called with a last {@code Throwable}
     *                 (its own fallback then has its parameters without that one)
     * @param chain the commands on the way here, to refuse a loop of fallbacks
     */
    static FallbackDefinition resolve(Class<?> targetClass, Method command, boolean extended, String where, Set<Method> chain) {
        HystrixCommand annotation = command.getAnnotation(HystrixCommand.class);
        String name = annotation.fallbackMethod();
        boolean isDefault = false;
        String attribute = "fallbackMethod";
        if (name.isBlank()) {
            isDefault = true;
            name = annotation.defaultFallback();
            attribute = "defaultFallback";
            if (name.isBlank()) {
                DefaultProperties defaults = targetClass.getAnnotation(DefaultProperties.class);
                name = defaults == null ? "" : defaults.defaultFallback();
                attribute = "@DefaultProperties(defaultFallback) of " + targetClass.getSimpleName();
            }
        }
        if (name.isBlank()) {
            return null;
        }
        Class<?>[] base = isDefault ? new Class<?>[0] : command.getParameterTypes();
        if (extended && base.length > 0 && base[base.length - 1] == Throwable.class) {
            base = Arrays.copyOf(base, base.length - 1);
        }
        Class<?>[] withThrowable = Arrays.copyOf(base, base.length + 1);
        withThrowable[base.length] = Throwable.class;
        Method found = Methods.find(targetClass, name, withThrowable);
        boolean takesThrowable = found != null;
        if (found == null) {
            found = Methods.find(targetClass, name, base);
        }
        if (found == null) {
            throw new FallbackDefinitionException(where + ": " + attribute + " '" + name + "' of command "
                    + Methods.describe(command) + " was not found; expected a method " + Methods.signature(name, base)
                    + " or " + Methods.signature(name, withThrowable) + " in " + targetClass.getName()
                    + " or a superclass" + (isDefault ? " (a default fallback takes no parameters of the command)" : ""));
        }
        checkReturnType(targetClass, command, found, where);
        found.setAccessible(true);
        CommandDefinition asCommand = found.isAnnotationPresent(HystrixCommand.class)
                ? CommandDefinition.build(targetClass, found, takesThrowable, where, chain) : null;
        return new FallbackDefinition(found, takesThrowable, isDefault, asCommand);
    }

    private static void checkReturnType(Class<?> targetClass, Method command, Method fallback, String where) {
        ExecutionKind commandKind = ExecutionKind.of(command.getReturnType());
        ExecutionKind fallbackKind = ExecutionKind.of(fallback.getReturnType());
        String problem = null;
        if (fallbackKind != ExecutionKind.SYNCHRONOUS && fallbackKind != commandKind) {
            problem = "a " + commandKind.name().toLowerCase() + " command takes a fallback returning "
                    + (commandKind == ExecutionKind.SYNCHRONOUS ? "a plain value" : "a plain value or the command's own type")
                    + ", not " + fallback.getReturnType().getSimpleName();
        } else if (command.getReturnType() != void.class) {
            ResolvableType expected = ExecutionKind.valueType(command, targetClass);
            ResolvableType actual = ExecutionKind.valueType(fallback, targetClass);
            if (fallback.getReturnType() == void.class || !expected.isAssignableFrom(actual)) {
                problem = "its values must be assignable to " + expected + ", but it returns "
                        + ResolvableType.forMethodReturnType(fallback, targetClass);
            }
        }
        if (problem != null) {
            throw new FallbackDefinitionException(where + ": fallback " + Methods.describe(fallback) + " of command "
                    + Methods.describe(command) + " does not match: " + problem);
        }
    }
}
