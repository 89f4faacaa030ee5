package dev.firebreak.time;

/** A handle on a scheduled task. */
@FunctionalInterface
public interface Cancellable {

    /** A handle for a task that was never scheduled; cancelling it does nothing. */
    Cancellable NONE = () -> false;

    /**
     * Cancels the task if it has not run yet.
     *
     * @return true if this call prevented the task from running
     */
    boolean cancel();
}
