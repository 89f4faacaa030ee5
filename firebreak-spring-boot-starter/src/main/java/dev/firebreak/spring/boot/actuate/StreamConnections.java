package dev.firebreak.spring.boot.actuate;

import java.time.Duration;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * What the two {@code /actuator/hystrix.stream} handlers (servlet and WebFlux) share: the cap on
 * connections at once ({@code firebreak.stream.max-connections}, default 5 as Hystrix's servlet; a
 * connection beyond it gets 503) and the reading of Hystrix's {@code delay} query parameter (the
 * interval between ticks in milliseconds, default {@code firebreak.stream.interval}, 500 ms).
 */
public final class StreamConnections {

    /** The property naming the cap on connections at once. */
    public static final String MAX_CONNECTIONS = "firebreak.stream.max-connections";

    private final Semaphore slots;
    private final int max;
    private final Duration defaultInterval;
    private final String maxKey;

    /** Up to {@code max} connections at once, ticking every {@code defaultInterval} unless a client asks otherwise. */
    public StreamConnections(int max, Duration defaultInterval) {
        this(max, defaultInterval, MAX_CONNECTIONS);
    }

    /** As {@link #StreamConnections(int, Duration)}, the cap named by the property {@code maxKey} in messages. */
    StreamConnections(int max, Duration defaultInterval, String maxKey) {
        this.maxKey = maxKey;
        if (max < 1) {
            throw new IllegalArgumentException(maxKey + " = " + max + ": must be >= 1");
        }
        if (defaultInterval.isNegative() || defaultInterval.isZero()) {
            throw new IllegalArgumentException("firebreak.stream.interval = " + defaultInterval + ": must be > 0");
        }
        this.max = max;
        this.slots = new Semaphore(max);
        this.defaultInterval = defaultInterval;
    }

    /** A slot for one connection, or null if {@code max} are open (the caller answers 503). */
    public Slot tryOpen() {
        return slots.tryAcquire() ? new Slot() : null;
    }

    /** The message of the 503 answer. */
    public String fullMessage() {
        return "MaxConcurrentConnections reached: " + max + " (" + maxKey + ")\n";
    }

    /**
     * The tick interval a client asked for with {@code ?delay=}; the default if absent.
     *
     * @throws IllegalArgumentException naming the parameter, the value and the rule, for a bad one (400)
     */
    public Duration interval(String delay) {
        if (delay == null || delay.isBlank()) {
            return defaultInterval;
        }
        int millis;
        try {
            millis = Integer.parseInt(delay.trim());
        } catch (NumberFormatException notANumber) {
            throw new IllegalArgumentException("delay = " + delay + ": must be a whole number of milliseconds >= 1");
        }
        if (millis < 1) {
            throw new IllegalArgumentException("delay = " + delay + ": must be a whole number of milliseconds >= 1");
        }
        return Duration.ofMillis(millis);
    }

    /** One open connection; {@link #close()} gives its slot back, once, whoever calls it first. */
    public final class Slot implements AutoCloseable {
        private final AtomicBoolean open = new AtomicBoolean(true);

        @Override
        public void close() {
            if (open.compareAndSet(true, false)) {
                slots.release();
            }
        }
    }
}
