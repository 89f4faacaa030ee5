package dev.firebreak.hystrix.javanica;

import com.netflix.hystrix.contrib.javanica.annotation.ObservableExecutionMode;
import com.netflix.hystrix.contrib.javanica.cache.annotation.CacheRemove;
import java.lang.reflect.Method;
import rx.Completable;
import rx.Observable;
import rx.Single;

/**
 * Runs an annotated method of a bean the way javanica does; the aspects of
 * {@code com.netflix.hystrix.contrib.javanica.aop.aspectj} call it. A {@code @HystrixCommand} method
 * becomes one bridge command per call: the caller waits ({@code execute()}), receives the command's
 * {@code Future} ({@code queue()}) or its {@code Observable} ({@code observe()} when EAGER,
 * {@code toObservable()} when LAZY). A {@code @HystrixCollapser} method becomes one collapsed request.
 * Exceptions reach the caller by javanica's rules (see the module's documentation).
 *
 * <p>Thread-safety: stateless; definitions are resolved once per (class, method) and immutable.
 */
public final class JavanicaCommands {

    private JavanicaCommands() {
    }

    /**
     * Runs {@code method} (declared in {@code targetClass}, as the bean's class has it) on {@code target}
     * with {@code args} under its annotations.
     *
     * @throws Throwable what the caller of the method receives by javanica's rules
     */
    public static Object execute(Object target, Class<?> targetClass, Method method, Object[] args) throws Throwable {
        Object definition = Definitions.of(targetClass, method, targetClass.getName());
        if (definition instanceof CollapserDefinition collapser) {
            return collapse(collapser, target, args[0]);
        }
        CommandDefinition command = (CommandDefinition) definition;
        try {
            return switch (command.kind()) {
                case SYNCHRONOUS -> MethodCommand.of(command, target, args).execute();
                case ASYNCHRONOUS -> MethodCommand.of(command, target, args).queue();
                case OBSERVABLE -> {
                    MethodObservableCommand observable = MethodObservableCommand.of(command, target, args);
                    Observable<Object> values = command.observableMode() == ObservableExecutionMode.LAZY
                            ? observable.toObservable() : observable.observe();
                    yield shaped(method, values.onErrorResumeNext(thrown ->
                            Observable.error(CommandFailures.forCaller(command.raiseHystrixExceptions(), thrown))));
                }
            };
        } catch (RuntimeException thrown) {
            throw CommandFailures.forCaller(command.raiseHystrixExceptions(), thrown);
        }
    }

    /**
     * Removes the request-cache entry a {@link CacheRemove} method names, for a call with {@code args};
     * does nothing outside a request context.
     */
    public static void removeFromCache(Object target, Class<?> targetClass, Method method, Object[] args) {
        CacheRemove remove = method.getAnnotation(CacheRemove.class);
        String where = targetClass.getName() + ", method " + Methods.describe(method);
        CacheKeySpec key = CacheKeySpec.of(targetClass, method, remove.cacheKeyMethod(), where);
        MethodCommand.removeFromCache(remove.commandKey(), key.keyFor(target, args));
    }

    /** Checks every annotation of {@code method} in {@code targetClass}, raising what is wrong; {@code where} names the bean. */
    static void check(Class<?> targetClass, Method method, String where) {
        Definitions.check(targetClass, method, where);
    }

    private static Object collapse(CollapserDefinition collapser, Object target, Object argument) throws Throwable {
        MethodCollapser request = new MethodCollapser(collapser, target, argument);
        boolean raise = collapser.batch().raiseHystrixExceptions();
        try {
            return switch (collapser.kind()) {
                case SYNCHRONOUS -> request.execute();
                case ASYNCHRONOUS -> request.queue();
                case OBSERVABLE -> shaped(collapser.method(), request.observe()
                        .onErrorResumeNext(thrown -> Observable.error(CommandFailures.forCaller(raise, thrown))));
            };
        } catch (RuntimeException thrown) {
            throw CommandFailures.forCaller(raise, thrown);
        }
    }

    private static Object shaped(Method method, Observable<Object> values) {
        Class<?> type = method.getReturnType();
        if (Single.class.isAssignableFrom(type)) {
            return values.toSingle();
        }
        if (Completable.class.isAssignableFrom(type)) {
            return values.toCompletable();
        }
        return values;
    }
}
