package dev.firebreak.collapse;

import dev.firebreak.event.EventType;

/**
 * A collapsed request did not get its answer for a reason of the collapser's own (a failure of the
 * batch call itself reaches the request as the guard's exception, unchanged). Carries no stack trace
 * of its own, like the guard's exceptions.
 */
public final class CollapseException extends RuntimeException {

    /** Why the request failed. */
    public enum Reason {
        /** The batch response had no answer for this request. */
        MISSING_RESPONSE(EventType.FAILURE),
        /**
         * The batch response did not fit the batch: more entries than requests, answers for keys nobody
         * asked, an answer given twice. The whole batch fails: nothing is silently dropped.
         */
        RESPONSE_MISMATCH(EventType.FAILURE),
        /** Mapping the batch response back threw. */
        MAPPING_FAILED(EventType.FAILURE),
        /** The request waited past its own deadline (before or after its batch left). */
        TIMEOUT(EventType.TIMEOUT),
        /** The request's fallback threw; the cause is the original failure, the fallback's is suppressed. */
        FALLBACK_FAILED(EventType.FAILURE);

        private final EventType event;

        Reason(EventType event) {
            this.event = event;
        }

        /** The execution event a request failing for this reason reports. */
        public EventType event() {
            return event;
        }
    }

    private final String collapser;
    private final Reason reason;

    /** A failure of a request of {@code collapser} for {@code reason}. */
    public CollapseException(String collapser, Reason reason, String message, Throwable cause) {
        super(collapser + ": " + message, cause, true, false);
        this.collapser = collapser;
        this.reason = reason;
    }

    /** The collapser's name. */
    public String collapser() {
        return collapser;
    }

    /** Why the request failed. */
    public Reason reason() {
        return reason;
    }
}
