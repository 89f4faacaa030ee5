package dev.firebreak;

import dev.firebreak.event.EventType;

/**
 * The call did not finish within its timeout. Under THREAD and VIRTUAL isolation the caller got
 * control back at the deadline (the call may still be running, holding its isolation permit until
 * it ends); under SEMAPHORE the call ran to its end on the caller's thread and its result was discarded.
 */
public final class GuardTimeoutException extends GuardException {

    private final long timeoutMillis;

    GuardTimeoutException(String guard, long timeoutMillis) {
        this(guard, timeoutMillis, guard + ": timed out after " + timeoutMillis + " ms");
    }

    private GuardTimeoutException(String guard, long timeoutMillis, String message) {
        super(guard, EventType.TIMEOUT, message, null);
        this.timeoutMillis = timeoutMillis;
    }

    /**
     * A call policy's overall deadline across attempts passed ({@code timeoutMillis()} is the deadline):
     * the call ended there and its attempt in flight, if any, was cancelled.
     */
    public static GuardTimeoutException deadlinePassed(String guard, String policy, long deadlineMillis) {
        return new GuardTimeoutException(guard, deadlineMillis,
                guard + ": " + policy + "'s deadline of " + deadlineMillis + " ms passed across its attempts");
    }

    /** The timeout that elapsed, in milliseconds. */
    public long timeoutMillis() {
        return timeoutMillis;
    }
}
