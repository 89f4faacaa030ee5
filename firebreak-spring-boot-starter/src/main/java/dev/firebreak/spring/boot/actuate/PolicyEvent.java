package dev.firebreak.spring.boot.actuate;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * One event of the feed {@code /actuator/firebreak/events} shows: what happened to a guard, a retry or a
 * hedging policy, when, and its details.
 *
 * @param id the event's number in the feed (later events have larger ones)
 * @param policy the name of the guard or policy
 * @param policyType {@code guard}, {@code retry} or {@code hedge}
 * @param kind what happened
 * @param time the wall-clock time it was recorded
 * @param atNanos the registry's ticker reading (monotonic; orders events of one application)
 * @param details what the kind says (see {@link Kind})
 */
public record PolicyEvent(long id, String policy, String policyType, Kind kind, Instant time, long atNanos,
        Map<String, Object> details) {

    /** What happened: a closed vocabulary, spelled in the {@code kind} query parameter as its name. */
    public enum Kind {
        /** A guard's call that did not simply succeed: {@code events}, {@code executionMillis}, {@code totalMillis}. */
        CALL,
        /** A guard's circuit breaker changed state: {@code from}, {@code to}. */
        STATE_TRANSITION,
        /** A guard's rate limiter refused an attempt: {@code permitsPerSecond}. */
        RATE_LIMITED,
        /** A guard's adaptive concurrency limit moved: {@code from}, {@code to}. */
        LIMIT_CHANGED,
        /** A retry policy scheduled a retry: {@code attempt} (the one retried), {@code waitMillis}, {@code cause}. */
        RETRY,
        /** A hedging policy started a hedge: {@code attempt} (the one starting), {@code sinceCallStartMillis}. */
        HEDGE,
        /**
         * An operator changed a guard through the endpoint (the audit trail): {@code action}, {@code from}
         * and {@code to} (the breaker's mode before and after), {@code origin}, {@code principal}.
         */
        OPERATION,
        /**
         * The live configuration changed or refused a value of this guard or policy (the audit trail of a
         * store's or a file's changes): {@code event} (APPLIED, REFUSED, ...), {@code property},
         * {@code origin} (the key that gave it), {@code value}, {@code previous}, {@code message}.
         */
        CONFIGURATION;

        /** The kind {@code text} names, in any case; refuses another word naming the parameter, the value and the kinds. */
        static Kind parse(String text) {
            try {
                return valueOf(text.trim().toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException unknown) {
                throw new IllegalArgumentException("kind = " + text + ": not a kind of event (rule: one of "
                        + java.util.Arrays.toString(values()) + ")");
            }
        }
    }

    /** The event as the endpoint writes it. */
    Map<String, Object> view() {
        Map<String, Object> view = new LinkedHashMap<>();
        view.put("id", id);
        view.put("policy", policy);
        view.put("policyType", policyType);
        view.put("kind", kind.name());
        view.put("time", time.toString());
        view.put("details", details);
        return view;
    }
}
