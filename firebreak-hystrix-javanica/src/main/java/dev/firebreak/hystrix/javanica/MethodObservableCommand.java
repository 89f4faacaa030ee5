package dev.firebreak.hystrix.javanica;

import com.netflix.hystrix.HystrixObservableCommand;
import rx.Completable;
import rx.Observable;
import rx.Single;

/**
 * An {@code Observable} (or {@code Single}, {@code Completable}) {@code @HystrixCommand} method run as a
 * bridge {@link HystrixObservableCommand}. An ignored exception, thrown or emitted, becomes a bad
 * request as in a blocking command. {@link FallbackMethodObservableCommand} adds the fallback.
 */
class MethodObservableCommand extends HystrixObservableCommand<Object> {

    final CommandDefinition definition;
    final Object target;
    final Object[] args;

    MethodObservableCommand(CommandDefinition definition, Object target, Object[] args) {
        super(definition.observableSetter());
        this.definition = definition;
        this.target = target;
        this.args = args;
    }

    static MethodObservableCommand of(CommandDefinition definition, Object target, Object[] args) {
        return definition.fallback() == null ? new MethodObservableCommand(definition, target, args)
                : new FallbackMethodObservableCommand(definition, target, args);
    }

    @Override
    protected Observable<Object> construct() {
        try {
            return asObservable(MethodInvoker.invoke(definition.method(), target, args))
                    .onErrorResumeNext(thrown -> Observable.error(CommandFailures.inside(definition, thrown)));
        } catch (Throwable thrown) {
            return Observable.error(CommandFailures.inside(definition, thrown));
        }
    }

    @Override
    protected String getCacheKey() {
        return definition.cacheResult() == null ? null : definition.cacheResult().keyFor(target, definition.ownArguments(args));
    }

    /** What a method returned, as an Observable: Single and Completable converted, a plain value emitted once. */
    @SuppressWarnings("unchecked")
    static Observable<Object> asObservable(Object returned) {
        if (returned instanceof Observable<?> observable) {
            return (Observable<Object>) observable;
        }
        if (returned instanceof Single<?> single) {
            return (Observable<Object>) single.toObservable();
        }
        if (returned instanceof Completable completable) {
            return completable.toObservable();
        }
        return returned == null ? Observable.empty() : Observable.just(returned);
    }
}
