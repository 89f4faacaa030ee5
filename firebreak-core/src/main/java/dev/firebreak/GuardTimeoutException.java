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
        super(guard, EventType.TIMEOUT, guard + ": timed out after " + timeoutMillis + " ms", null);
        this.timeoutMillis = timeoutMillis;
    }

    /** The timeout that elapsed, in milliseconds. */
    public long timeoutMillis() {
        return timeoutMillis;
    }
}
