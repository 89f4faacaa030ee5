package dev.firebreak.context;

/** The guard a {@link CallTracer} is told of: what a span or an observation names and tags. */
public interface TracedGuard {

    /** The guard's name (Hystrix's command key). */
    String name();

    /** Its group (Hystrix's group key). */
    String group();

    /** Its thread pool's name (meaningful under thread isolation). */
    String pool();

    /** The isolation in force: {@code "thread"}, {@code "semaphore"} or {@code "virtual"}. */
    String isolation();

    /** The adaptive limit's algorithm in force ({@code "aimd"}, {@code "gradient2"}, {@code "vegas"}), or null if none. */
    String adaptiveLimit();
}
