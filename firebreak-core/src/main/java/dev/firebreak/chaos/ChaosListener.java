package dev.firebreak.chaos;

/**
 * Told when a guard's fault injection switches itself off because its time to live
 * ({@code chaos.ttlInMilliseconds}) ran out. Called on a virtual thread of its own, never on the timer
 * thread; a listener that throws is caught and logged once, and changes nothing.
 */
@FunctionalInterface
public interface ChaosListener {

    /** The injection {@code config} of {@code guard} expired and is off until its configuration changes. */
    void expired(String guard, ChaosConfig config);
}
