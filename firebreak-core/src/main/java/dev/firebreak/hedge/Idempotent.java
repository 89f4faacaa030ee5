package dev.firebreak.hedge;

import dev.firebreak.GuardedCall;
import java.util.Objects;
import java.util.concurrent.CompletionStage;
import java.util.function.Supplier;

/**
 * The mark of a call that may safely run more than once at the same time: only calls wrapped here are
 * hedged; any other call through a {@link Hedge} runs once, as a plain guarded call.
 *
 * <pre>{@code
 * users.submit(Idempotent.call(() -> client.user(id)));
 * users.submitAsync(Idempotent.stage(() -> http.sendAsync(get, ofString())));
 * }</pre>
 */
public final class Idempotent {

    private Idempotent() {
    }

    /** Marks a blocking call idempotent. */
    public static <T> Call<T> call(GuardedCall<T> call) {
        return new Call<>(Objects.requireNonNull(call, "call"));
    }

    /** Marks a non-blocking call idempotent. */
    public static <T> Stage<T> stage(Supplier<? extends CompletionStage<T>> call) {
        return new Stage<>(Objects.requireNonNull(call, "call"));
    }

    /**
     * A blocking call marked idempotent.
     *
     * @param delegate the call
     */
    public record Call<T>(GuardedCall<T> delegate) implements GuardedCall<T> {
        @Override
        public T call() throws Exception {
            return delegate.call();
        }
    }

    /**
     * A non-blocking call marked idempotent.
     *
     * @param delegate the call
     */
    public record Stage<T>(Supplier<? extends CompletionStage<T>> delegate) implements Supplier<CompletionStage<T>> {
        @Override
        public CompletionStage<T> get() {
            return delegate.get();
        }
    }
}
