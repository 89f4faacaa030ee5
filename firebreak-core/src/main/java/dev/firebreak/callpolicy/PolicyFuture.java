package dev.firebreak.callpolicy;

import java.util.concurrent.CompletableFuture;
import java.util.function.BooleanSupplier;

/**
 * The caller's future of a call policy (retry, hedge). A cancel first claims the call's single
 * outcome through the policy's own claim, the same one the last attempt's completion uses, so a cancel
 * and a completion never both win: a cancelled call runs no fallback, and a call whose outcome is
 * already claimed (its fallback may be running) is not cancelled.
 *
 * @param <T> the call's result type
 */
public final class PolicyFuture<T> extends CompletableFuture<T> {

    private final BooleanSupplier claim;
    private final Runnable afterCancel;

    /**
     * @param claim claims the outcome for the cancel (side-effect free but for the claim itself);
     *     false when the outcome is already claimed
     * @param afterCancel stops the call's pending work once the cancel has won (waits, attempts in flight)
     */
    public PolicyFuture(BooleanSupplier claim, Runnable afterCancel) {
        this.claim = claim;
        this.afterCancel = afterCancel;
    }

    @Override
    public boolean cancel(boolean mayInterruptIfRunning) {
        if (isDone() || !claim.getAsBoolean()) {
            return false;
        }
        boolean cancelled = super.cancel(mayInterruptIfRunning);
        afterCancel.run();
        return cancelled;
    }

    @Override
    public <U> CompletableFuture<U> newIncompleteFuture() {
        return new CompletableFuture<>(); // dependents are plain futures: cancelling one claims nothing
    }
}
