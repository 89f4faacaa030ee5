package dev.firebreak.hystrix.javanica;

import java.util.concurrent.ExecutionException;

/**
 * A {@link MethodCommand} with a fallback method. The fallback runs synchronously in
 * {@code getFallback()}: a plain method is called (an {@code AsyncResult} it returns is invoked); a
 * {@code @HystrixCommand} fallback runs as its own command, with its own fallback chain. Whatever the
 * fallback throws is carried in a {@code FallbackInvocationException} so the caller receives it.
 */
final class FallbackMethodCommand extends MethodCommand {

    FallbackMethodCommand(CommandDefinition definition, Object target, Object[] args) {
        super(definition, target, args);
    }

    @Override
    protected Object getFallback() {
        FallbackDefinition fallback = definition.fallback();
        Object[] fallbackArgs = fallback.arguments(definition.ownArguments(args), CommandFailures.forFallback(getExecutionException()));
        try {
            if (fallback.command() == null) {
                return MethodInvoker.valueOf(MethodInvoker.invoke(fallback.method(), target, fallbackArgs));
            }
            MethodCommand command = MethodCommand.of(fallback.command(), target, fallbackArgs);
            if (fallback.command().kind() == ExecutionKind.ASYNCHRONOUS) {
                try {
                    return command.queue().get();
                } catch (ExecutionException e) {
                    throw e.getCause();
                }
            }
            return command.execute();
        } catch (Throwable thrown) {
            throw CommandFailures.ofFallback(thrown);
        }
    }
}
