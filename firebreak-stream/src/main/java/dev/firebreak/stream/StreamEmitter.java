package dev.firebreak.stream;

import dev.firebreak.time.Cancellable;
import dev.firebreak.time.Scheduler;
import dev.firebreak.time.Ticker;
import java.time.Clock;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;

/**
 * The tick that feeds every client: every {@code intervalNanos} the registry's {@link Scheduler}
 * triggers a tick, which serializes the registry once ({@link StreamFrames}) and offers the same bytes
 * to each client's outbox. It never writes to a socket and never waits, so slow or vanished clients
 * cannot delay it; with no client connected it serializes nothing.
 *
 * <p>Threads: the scheduler's task only triggers. It re-arms the next trigger and hands the tick to
 * {@code worker} (a virtual thread per tick by default), so the timer thread, shared with every
 * guard's timeout in the process, never serializes anything. At most one tick runs at a time: a
 * trigger that arrives while a tick runs leaves one pending tick (several such triggers still leave
 * one), which the running tick's thread runs when it ends. A slow tick therefore skips ticks rather
 * than piling them up.
 *
 * <p>Invariant: {@code state} is IDLE (0) when no tick runs, RUNNING (1) while one runs, PENDING (2)
 * while one runs and another is owed. Only the trigger that moves IDLE to RUNNING starts a worker; only
 * that worker moves the state back to IDLE.
 *
 * <p>Stopping: {@link #stop} leaves no trigger armed and returns only once no tick runs (a running
 * tick sees the stop before its next event and lets go of the registry), waiting at most
 * {@link #STOP_WAIT_NANOS}.
 *
 * <p>{@code currentTime} comes from the injected {@link Clock}; the interval from the scheduler.
 */
final class StreamEmitter implements Runnable {

    private static final System.Logger LOG = System.getLogger(StreamEmitter.class.getName());
    private static final int IDLE = 0;
    private static final int RUNNING = 1;
    private static final int PENDING = 2;
    /** What builds a tick's frame: {@link StreamFrames#build(long, BooleanSupplier)}. */
    @FunctionalInterface
    interface Frames {
        /** The frame at {@code currentTimeMillis}, or null if {@code abandoned} answered true on the way. */
        byte[] build(long currentTimeMillis, BooleanSupplier abandoned);
    }

    /** How long {@link #stop} waits for a running tick to end. */
    static final long STOP_WAIT_NANOS = TimeUnit.SECONDS.toNanos(5);

    private final Scheduler scheduler;
    private final Executor worker;
    private final Clock clock;
    private final long intervalNanos;
    private final Frames frames;
    private final ClientSlots slots;
    private final AtomicInteger state = new AtomicInteger(IDLE);
    private volatile boolean stopped;
    private volatile Cancellable next = Cancellable.NONE;
    /** The thread running ticks now, or null: stop never waits for itself. */
    private volatile Thread ticking;
    /** Notified when a drain ends, for {@link #stop}. */
    private final Object ended = new Object();

    StreamEmitter(Scheduler scheduler, Executor worker, Clock clock, long intervalNanos, Frames frames,
            ClientSlots slots) {
        this.scheduler = scheduler;
        this.worker = worker;
        this.clock = clock;
        this.intervalNanos = intervalNanos;
        this.frames = frames;
        this.slots = slots;
    }

    /** A worker that runs each tick on a new virtual thread. */
    static Executor virtualThreads() {
        return task -> Thread.ofVirtual().name("firebreak-stream-tick").start(task);
    }

    void start() {
        next = scheduler.schedule(intervalNanos, this);
    }

    /**
     * No more ticks: cancels the armed trigger, then waits (at most {@link #STOP_WAIT_NANOS}) until a
     * running tick has ended. Interrupted, it returns at once with the interrupt flag set.
     */
    void stop() {
        stopped = true;
        next.cancel();
        if (Thread.currentThread() == ticking) {
            return; // stopped from inside a tick: that tick ends when this returns
        }
        Ticker wall = Ticker.system(); // a bound on a shutdown wait: real time, read through the seam
        long deadline = wall.read() + STOP_WAIT_NANOS;
        synchronized (ended) {
            while (state.get() != IDLE) {
                long left = deadline - wall.read();
                if (left <= 0) {
                    LOG.log(System.Logger.Level.WARNING, "firebreak-stream: a tick still runs after the stop's wait");
                    return;
                }
                try {
                    TimeUnit.NANOSECONDS.timedWait(ended, left);
                } catch (InterruptedException interrupted) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        }
    }

    /** The scheduler's task: re-arms, then hands a tick to the worker (or leaves one pending); returns at once. */
    @Override
    public void run() {
        if (stopped) {
            return;
        }
        Cancellable armed = scheduler.schedule(intervalNanos, this);
        next = armed;
        if (stopped) { // stop may have cancelled the trigger before this one: this one is cancelled here
            armed.cancel();
            return;
        }
        if (state.getAndUpdate(s -> s == IDLE ? RUNNING : PENDING) == IDLE) {
            try {
                worker.execute(this::drain);
            } catch (RuntimeException refused) {
                state.set(IDLE); // no thread could be started: this tick is skipped, the next trigger retries
            }
        }
    }

    /** Runs ticks until none is pending. */
    private void drain() {
        ticking = Thread.currentThread();
        try {
            do {
                try {
                    tick();
                } catch (RuntimeException failed) {
                    // a tick that fails is skipped; the next one starts afresh
                    LOG.log(System.Logger.Level.WARNING, "firebreak-stream: a tick failed and was skipped", failed);
                }
            } while (!state.compareAndSet(RUNNING, IDLE) && state.compareAndSet(PENDING, RUNNING));
        } finally {
            if (ticking == Thread.currentThread()) {
                ticking = null;
            }
            synchronized (ended) {
                ended.notifyAll();
            }
        }
    }

    /** One tick: serialize once, offer to everyone. */
    void tick() {
        if (stopped || slots.count() == 0) {
            return;
        }
        byte[] frame = frames.build(clock.millis(), () -> stopped);
        if (frame == null) {
            return; // stopped mid-frame
        }
        for (StreamClient client : slots.clients()) {
            client.deliver(frame);
        }
    }
}
