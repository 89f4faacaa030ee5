package dev.firebreak.hystrix.javanica;

import com.netflix.hystrix.contrib.javanica.annotation.ObservableExecutionMode;
import rx.Observable;

/**
 * A {@link MethodObservableCommand} with a fallback method, which may return an {@code Observable} or a
 * plain value; a {@code @HystrixCommand} fallback runs as its own command. What the fallback throws or
 * emits as an error is carried in a {@code FallbackInvocationException}.
 */
final class FallbackMethodObservableCommand extends MethodObservableCommand {

    FallbackMethodObservableCommand(CommandDefinition definition, Object target, Object[] args) {
        super(definition, target, args);
    }

    @Override
    protected Observable<Object> resumeWithFallback() {
        FallbackDefinition fallback = definition.fallback();
        Object[] fallbackArgs = fallback.arguments(definition.ownArguments(args), CommandFailures.forFallback(getExecutionException()));
        try {
            Observable<Object> values;
            if (fallback.command() == null) {
                values = asObservable(MethodInvoker.invoke(fallback.method(), target, fallbackArgs));
            } else if (fallback.command().kind() == ExecutionKind.OBSERVABLE) {
                MethodObservableCommand command = MethodObservableCommand.of(fallback.command(), target, fallbackArgs);
                values = fallback.command().observableMode() == ObservableExecutionMode.LAZY ? command.toObservable() : command.observe();
            } else {
                values = asObservable(MethodCommand.of(fallback.command(), target, fallbackArgs).execute());
            }
            return values.onErrorResumeNext(thrown -> Observable.error(CommandFailures.ofFallback(thrown)));
        } catch (Throwable thrown) {
            return Observable.error(CommandFailures.ofFallback(thrown));
        }
    }
}
