package dev.firebreak.chaos;

import java.util.concurrent.Callable;

/**
 * A fault of the user's own (kind BEHAVIOR), registered by name in {@link ChaosFaults}: it runs in the
 * place of the guarded call and decides what the call returns or throws. It may run the real call
 * ({@code call.call()}) and alter its value, block like slow code would, or throw.
 *
 * <p>For a {@code submitAsync} call, {@code call} returns the call's stage; a behaviour that returns a
 * {@link java.util.concurrent.CompletionStage} is the call's stage, any other value completes it.
 */
@FunctionalInterface
public interface ChaosBehavior {

    /** Runs in place of a call of {@code guard}; {@code call} is the real call. */
    Object apply(String guard, Callable<?> call) throws Exception;
}
