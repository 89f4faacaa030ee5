package dev.firebreak.bench;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;

/** Shutting down the executors subjects create. */
final class Pools {

    private Pools() {
    }

    /** Stops {@code executor}, interrupting what still runs, and waits a little for it. */
    static void stop(ExecutorService executor) {
        executor.shutdownNow();
        try {
            executor.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}
