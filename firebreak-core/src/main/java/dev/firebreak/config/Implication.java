package dev.firebreak.config;

import java.util.Objects;

/**
 * One property's explicit value implies another's: when {@code trigger} comes from a stronger layer than
 * {@code implied} (the library default being weaker than any explicit setting), {@code implied} takes
 * {@code value} on the trigger's layer, reported with the origin {@code implied by <trigger's origin>}.
 * Collapsers use it so that {@code timerDelayInMilliseconds} selects TIMER dispatch unless
 * {@code dispatch.strategy} is chosen at least as explicitly.
 *
 * @param trigger the property whose explicit value implies
 * @param implied the property that follows it
 * @param value the value {@code implied} takes
 */
public record Implication(String trigger, String implied, Object value) {

    /** Requires every field. */
    public Implication {
        Objects.requireNonNull(trigger, "trigger");
        Objects.requireNonNull(implied, "implied");
        Objects.requireNonNull(value, "value");
    }
}
