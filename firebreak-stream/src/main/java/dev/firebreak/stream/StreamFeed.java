package dev.firebreak.stream;

import dev.firebreak.GuardRegistry;
import dev.firebreak.time.Cancellable;
import dev.firebreak.time.Scheduler;
import java.time.Clock;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The stream's frames for a server of someone else's (a servlet container, Spring WebFlux): every
 * interval, one tick's frames in Hystrix's wire format ({@code data:} events for each guard, pool and
 * collapser, then a {@code ping:}), exactly as {@link StreamServer} sends them, handed to one
 * {@link Subscriber}. A ping is delivered at once on {@link #start}, so a client sees the response begin.
 *
 * <p>Threads: the registry's scheduler only triggers a tick; the frames are built and delivered on a
 * virtual thread, one tick at a time (a tick that finds the previous one still delivering is skipped,
 * so a slow client makes its own stream sparser and delays nobody else). A subscriber that throws (its
 * client went away) ends the feed; so does {@link #close()} or closing the registry.
 */
public final class StreamFeed implements AutoCloseable {

    private static final System.Logger LOG = System.getLogger(StreamFeed.class.getName());

    /** Receives each tick's frames, as UTF-8 bytes ready to write to the response unchanged. */
    @FunctionalInterface
    public interface Subscriber {
        /** Writes one tick's frames; throwing (the client is gone) ends the feed. */
        void frames(byte[] frames) throws Exception;
    }

    private final Scheduler scheduler;
    private final StreamEmitter.Frames frames;
    private final Clock clock;
    private final long intervalNanos;
    private final Subscriber subscriber;
    private final AtomicBoolean delivering = new AtomicBoolean();
    private volatile boolean closed;
    private volatile Cancellable next = Cancellable.NONE;

    private StreamFeed(Scheduler scheduler, StreamEmitter.Frames frames, Clock clock, Duration interval,
            Subscriber subscriber) {
        this.scheduler = Objects.requireNonNull(scheduler, "scheduler");
        this.clock = Objects.requireNonNull(clock, "clock");
        if (interval.isNegative() || interval.isZero()) {
            throw new IllegalArgumentException("stream interval = " + interval + ": must be > 0");
        }
        this.intervalNanos = interval.toNanos();
        this.subscriber = Objects.requireNonNull(subscriber, "subscriber");
        this.frames = Objects.requireNonNull(frames, "frames");
    }

    /**
     * Starts feeding {@code subscriber} the frames of {@code registry} every {@code interval} (the
     * {@code delay} of Hystrix's stream servlet), timestamps from the system clock.
     */
    public static StreamFeed start(GuardRegistry registry, Duration interval, Subscriber subscriber) {
        return start(registry, Clock.systemUTC(), interval, subscriber);
    }

    /** As {@link #start(GuardRegistry, Duration, Subscriber)}, with the frames' timestamps from {@code clock}. */
    public static StreamFeed start(GuardRegistry registry, Clock clock, Duration interval, Subscriber subscriber) {
        Objects.requireNonNull(registry, "registry");
        return start(registry.scheduler(), new StreamFrames(registry)::build, clock, interval, subscriber);
    }

    /** A feed of the frames {@code frames} builds, triggered on {@code scheduler} (the aggregate's feeds). */
    static StreamFeed start(Scheduler scheduler, StreamEmitter.Frames frames, Clock clock, Duration interval,
            Subscriber subscriber) {
        StreamFeed feed = new StreamFeed(scheduler, frames, clock, interval, subscriber);
        feed.deliver(StreamFrames.PING.clone());
        feed.arm();
        return feed;
    }

    /** One tick's frames of {@code registry} at {@code currentTimeMillis}, as every client receives them. */
    public static byte[] frames(GuardRegistry registry, long currentTimeMillis) {
        return new StreamFrames(registry).build(currentTimeMillis);
    }

    /** True once the feed has ended (closed, its subscriber threw, or its registry closed). */
    public boolean isClosed() {
        return closed;
    }

    /**
     * Ends the feed: no trigger stays armed, and a tick in progress lets go of the registry before its
     * next event; the subscriber receives nothing more once that tick has returned.
     */
    @Override
    public void close() {
        closed = true;
        next.cancel();
    }

    private void arm() {
        if (closed) {
            return;
        }
        try {
            Cancellable armed = scheduler.schedule(intervalNanos, this::trigger);
            next = armed;
            if (closed) { // close may have cancelled the trigger before this one
                armed.cancel();
            }
        } catch (RuntimeException refused) { // the registry (or fleet) closed: its scheduler takes no more work
            close();
        }
    }

    /** The scheduler's task: re-arms and hands the tick to a virtual thread; returns at once. */
    private void trigger() {
        arm();
        if (closed || !delivering.compareAndSet(false, true)) {
            return; // the previous tick is still being written: this one is skipped
        }
        Thread.ofVirtual().name("firebreak-stream-feed").start(() -> {
            try {
                byte[] frame = closed ? null : frames.build(clock.millis(), () -> closed);
                if (frame != null) {
                    deliver(frame);
                }
            } finally {
                delivering.set(false);
            }
        });
    }

    private void deliver(byte[] bytes) {
        if (closed) {
            return;
        }
        try {
            subscriber.frames(bytes);
        } catch (Exception gone) {
            LOG.log(System.Logger.Level.DEBUG, "firebreak-stream: a feed's subscriber failed; the feed ends", gone);
            close();
        }
    }
}
