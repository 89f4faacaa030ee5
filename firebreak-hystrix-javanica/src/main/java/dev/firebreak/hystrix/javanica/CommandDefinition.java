package dev.firebreak.hystrix.javanica;

import com.netflix.hystrix.HystrixCommand.Setter;
import com.netflix.hystrix.HystrixCommandGroupKey;
import com.netflix.hystrix.HystrixCommandKey;
import com.netflix.hystrix.HystrixObservableCommand;
import com.netflix.hystrix.HystrixThreadPoolKey;
import com.netflix.hystrix.contrib.javanica.annotation.DefaultProperties;
import com.netflix.hystrix.contrib.javanica.annotation.HystrixCommand;
import com.netflix.hystrix.contrib.javanica.annotation.HystrixException;
import com.netflix.hystrix.contrib.javanica.annotation.HystrixProperty;
import com.netflix.hystrix.contrib.javanica.annotation.ObservableExecutionMode;
import com.netflix.hystrix.contrib.javanica.cache.annotation.CacheRemove;
import com.netflix.hystrix.contrib.javanica.cache.annotation.CacheResult;
import com.netflix.hystrix.contrib.javanica.exception.FallbackDefinitionException;
import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Everything the annotations of one {@code @HystrixCommand} method say, resolved once (when the
 * application starts) and immutable: keys by javanica's defaults (command key = method name, group =
 * {@code @DefaultProperties} group or the class's simple name, pool = the given pool key or the group),
 * properties merged with the class's defaults (the method's win by name), the error rules, the
 * fallback, the request-cache keys and the bridge's {@code Setter}s.
 */
record CommandDefinition(
        Method method,
        ExecutionKind kind,
        boolean extended,
        String commandKey,
        List<Class<? extends Throwable>> ignoredExceptions,
        boolean raiseHystrixExceptions,
        ObservableExecutionMode observableMode,
        FallbackDefinition fallback,
        CacheKeySpec cacheResult,
        String cacheRemoveCommandKey,
        CacheKeySpec cacheRemove,
        Setter setter,
        HystrixObservableCommand.Setter observableSetter) {

    /**
     * Reads {@code method}'s annotations as declared in {@code targetClass}.
     *
     * @param extended whether the method is called as a fallback with a last {@code Throwable}
     * @param where how errors name the declaration (the bean and its class)
     * @param chain the fallback chain leading here, to refuse a loop
     */
    static CommandDefinition build(Class<?> targetClass, Method method, boolean extended, String where, Set<Method> chain) {
        if (!chain.add(method)) {
            throw new FallbackDefinitionException(where + ": fallbacks form a loop: "
                    + chain.stream().map(Methods::describe).toList() + " back to " + Methods.describe(method));
        }
        method.setAccessible(true);
        HystrixCommand command = method.getAnnotation(HystrixCommand.class);
        DefaultProperties defaults = targetClass.getAnnotation(DefaultProperties.class);
        String at = where + ", command " + Methods.describe(method);

        String commandKey = command.commandKey().isBlank() ? method.getName() : command.commandKey();
        String groupKey = !command.groupKey().isBlank() ? command.groupKey()
                : defaults != null && !defaults.groupKey().isBlank() ? defaults.groupKey() : targetClass.getSimpleName();
        String poolKey = !command.threadPoolKey().isBlank() ? command.threadPoolKey()
                : defaults != null && !defaults.threadPoolKey().isBlank() ? defaults.threadPoolKey() : null;
        Map<String, String> commandProperties = merge(defaults == null ? null : defaults.commandProperties(), command.commandProperties());
        Map<String, String> poolProperties = merge(defaults == null ? null : defaults.threadPoolProperties(), command.threadPoolProperties());
        List<Class<? extends Throwable>> ignored = List.of(command.ignoreExceptions().length > 0 || defaults == null
                ? command.ignoreExceptions() : defaults.ignoreExceptions());
        HystrixException[] raise = command.raiseHystrixExceptions().length > 0 || defaults == null
                ? command.raiseHystrixExceptions() : defaults.raiseHystrixExceptions();

        Setter setter = Setter.withGroupKey(HystrixCommandGroupKey.Factory.asKey(groupKey))
                .andCommandKey(HystrixCommandKey.Factory.asKey(commandKey));
        HystrixObservableCommand.Setter observableSetter = HystrixObservableCommand.Setter
                .withGroupKey(HystrixCommandGroupKey.Factory.asKey(groupKey))
                .andCommandKey(HystrixCommandKey.Factory.asKey(commandKey));
        if (poolKey != null) {
            setter.andThreadPoolKey(HystrixThreadPoolKey.Factory.asKey(poolKey));
        }
        if (!commandProperties.isEmpty()) {
            setter.andCommandPropertiesDefaults(PropertyTables.command(commandProperties, at));
            observableSetter.andCommandPropertiesDefaults(PropertyTables.command(commandProperties, at));
        }
        if (!poolProperties.isEmpty()) {
            setter.andThreadPoolPropertiesDefaults(PropertyTables.threadPool(poolProperties, at));
        }

        CacheResult cacheResult = method.getAnnotation(CacheResult.class);
        CacheRemove cacheRemove = method.getAnnotation(CacheRemove.class);
        FallbackDefinition fallback = FallbackResolver.resolve(targetClass, method, extended, where, chain);
        chain.remove(method);
        return new CommandDefinition(method, ExecutionKind.of(method.getReturnType()), extended, commandKey, ignored,
                Arrays.asList(raise).contains(HystrixException.RUNTIME_EXCEPTION),
                command.observableExecutionMode(), fallback,
                cacheResult == null ? null : CacheKeySpec.of(targetClass, method, cacheResult.cacheKeyMethod(), at),
                cacheRemove == null ? null : cacheRemove.commandKey(),
                cacheRemove == null ? null : CacheKeySpec.of(targetClass, method, cacheRemove.cacheKeyMethod(), at),
                setter, observableSetter);
    }

    /** Starts a chain for a method reached from outside. */
    static CommandDefinition build(Class<?> targetClass, Method method, String where) {
        return build(targetClass, method, false, where, new LinkedHashSet<>());
    }

    /** Whether {@code thrown} is one of the ignored exceptions (rethrown as is, no fallback, not a failure). */
    boolean ignores(Throwable thrown) {
        for (Class<? extends Throwable> type : ignoredExceptions) {
            if (type.isInstance(thrown)) {
                return true;
            }
        }
        return false;
    }

    /** The command's own arguments: the call's, without the trailing exception of an extended fallback. */
    Object[] ownArguments(Object[] args) {
        return extended && args.length > 0 ? Arrays.copyOf(args, args.length - 1) : args;
    }

    private static Map<String, String> merge(HystrixProperty[] defaults, HystrixProperty[] own) {
        Map<String, String> merged = new LinkedHashMap<>();
        if (defaults != null) {
            for (HystrixProperty p : defaults) {
                merged.put(p.name(), p.value());
            }
        }
        for (HystrixProperty p : own) {
            merged.put(p.name(), p.value());
        }
        return merged;
    }
}
