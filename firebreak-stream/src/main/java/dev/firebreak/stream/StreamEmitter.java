package dev.firebreak.stream;

import dev.firebreak.time.Cancellable;
import dev.firebreak.time.Scheduler;
import java.time.Clock;

/**
 * The tick that feeds every client: every {@code intervalNanos} on the registry's {@link Scheduler}
 * it serializes the registry once ({@link StreamFrames}) and offers the same bytes to each client's
 * outbox. It never writes to a socket and never waits, so slow or vanished clients cannot delay it;
 * with no client connected it serializes nothing.
 *
 * <p>{@code currentTime} comes from the injected {@link Clock}; the interval from the scheduler. The
 * next tick is scheduled when a tick ends, so ticks never overlap. A tick runs on the scheduler's
 * thread, shared with the guards' timeouts: its work is one metrics snapshot per guard, pool and
 * collapser; with very many guards, lengthen the interval.
 */
final class StreamEmitter implements Runnable {

    private final Scheduler scheduler;
    private final Clock clock;
    private final long intervalNanos;
    private final StreamFrames frames;
    private final ClientSlots slots;
    private volatile boolean stopped;
    private volatile Cancellable next = Cancellable.NONE;

    StreamEmitter(Scheduler scheduler, Clock clock, long intervalNanos, StreamFrames frames, ClientSlots slots) {
        this.scheduler = scheduler;
        this.clock = clock;
        this.intervalNanos = intervalNanos;
        this.frames = frames;
        this.slots = slots;
    }

    void start() {
        next = scheduler.schedule(intervalNanos, this);
    }

    void stop() {
        stopped = true;
        next.cancel();
    }

    @Override
    public void run() {
        if (stopped) {
            return;
        }
        try {
            tick();
        } finally {
            if (!stopped) {
                next = scheduler.schedule(intervalNanos, this);
            }
        }
    }

    /** One tick: serialize once, offer to everyone. */
    void tick() {
        if (slots.count() == 0) {
            return;
        }
        byte[] frame = frames.build(clock.millis());
        for (StreamClient client : slots.clients()) {
            client.deliver(frame);
        }
    }
}
