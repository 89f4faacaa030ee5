package dev.firebreak.live;

/**
 * Something dynamic configuration did or refused, for {@link ConfigListener}s and the log.
 *
 * @param kind what happened
 * @param scope the scope segment ({@code command}, {@code threadpool}, {@code collapser}, {@code retry},
 *     {@code hedge}), or null for a source event
 * @param instance the running object's name ({@code default} for a global default), or null
 * @param property the property name relative to its scope, or null when the key names none
 * @param key the full key that supplied the value (e.g. {@code hystrix.command.default.fallback.enabled}),
 *     or the source's name for a source event
 * @param value the value as text, or null
 * @param message a sentence naming the key, the value and, for a refusal, the rule
 * @param previous for APPLIED, the value in force before, as text; otherwise null
 */
public record ConfigEvent(Kind kind, String scope, String instance, String property, String key, String value,
        String message, String previous) {

    /** An event without a previous value (every kind but APPLIED). */
    public ConfigEvent(Kind kind, String scope, String instance, String property, String key, String value,
            String message) {
        this(kind, scope, instance, property, key, value, message, null);
    }

    /** What happened. */
    public enum Kind {
        /** A new value reached a running object (a guard, pool, collapser, retry or hedging policy). */
        APPLIED,
        /** A value broke a rule (type, range, a rule across properties); the last valid value stays in force. */
        REFUSED,
        /** A property that cannot change while running was changed; it applies to instances created from now on. */
        FIXED_PROPERTY_IGNORED,
        /** A key under a known scope names no property; it is ignored. */
        UNKNOWN_KEY,
        /** A source could not be read or parsed at all; its previous properties (if it had any) stay in force. */
        SOURCE_FAILED,
        /**
         * A source does not exist (a properties file not there): it contributes no properties, or its last
         * good ones if it had some, until it appears.
         */
        SOURCE_MISSING,
        /**
         * A source read in the middle of an edit may be half written, and this snapshot lost most of the keys
         * in force (or all of them): it is held, the last good snapshot stays in force, and it applies only
         * once it has stayed the same for longer (see docs/configuration.md).
         */
        SOURCE_SUSPECT,
        /**
         * A running object threw when given its resolved configuration: none of it
         * applied, and the configuration in force stays.
         */
        RECONFIGURE_FAILED
    }

    @Override
    public String toString() {
        return kind + ": " + message;
    }
}
