package dev.firebreak.stream;

import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One open {@code /hystrix.stream} connection: a bounded outbox that the emitter fills without ever
 * blocking, and the thread that owns the connection and drains the outbox onto the socket.
 *
 * <p>Invariants: only the emitter calls {@link #deliver}; only the owner thread calls {@link #next}.
 * A client whose outbox is full when a frame arrives is dropped: {@link #drop()} marks it (once, by
 * CAS) and interrupts the owner, which makes a blocked {@code take} or a blocked socket write fail at
 * once (an interrupted channel write closes the channel), so the owner leaves, frees its slot and the
 * connection closes. The emitter's cost per client is one {@code offer} and, at most once, one
 * {@code interrupt}.
 */
final class StreamClient {

    private final Thread owner;
    private final ArrayBlockingQueue<byte[]> outbox;
    private final long everyNthTick;
    private final AtomicLong ticks = new AtomicLong();
    private final AtomicBoolean dropped = new AtomicBoolean();

    /**
     * @param owner the thread that writes to the connection
     * @param outboxFrames frames that may wait for the owner
     * @param everyNthTick 1 to receive every tick; n to receive every n-th (the others bring a ping)
     */
    StreamClient(Thread owner, int outboxFrames, long everyNthTick) {
        this.owner = owner;
        this.outbox = new ArrayBlockingQueue<>(outboxFrames);
        this.everyNthTick = everyNthTick;
    }

    /**
     * Offers one tick's frame, never blocking: the frame itself on this client's ticks, a heartbeat on
     * the others. Drops the client if its outbox is full.
     *
     * @return false if the client is (now) dropped
     */
    boolean deliver(byte[] frame) {
        if (dropped.get()) {
            return false;
        }
        byte[] send = ticks.getAndIncrement() % everyNthTick == 0 ? frame : StreamFrames.PING;
        if (!outbox.offer(send)) {
            drop();
            return false;
        }
        return true;
    }

    /** The next frame to write; blocks the owner until one arrives or it is interrupted. */
    byte[] next() throws InterruptedException {
        return outbox.take();
    }

    /** Frames waiting in the outbox now. */
    int queued() {
        return outbox.size();
    }

    /** Marks the client dropped and interrupts its owner; idempotent, never blocks. */
    void drop() {
        if (dropped.compareAndSet(false, true)) {
            owner.interrupt();
        }
    }

    /** Whether {@link #drop()} was called. */
    boolean dropped() {
        return dropped.get();
    }
}
