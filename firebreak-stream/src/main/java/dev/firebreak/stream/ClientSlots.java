package dev.firebreak.stream;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.IntPredicate;

/**
 * The open stream connections, at most {@code max} ({@code hystrix.config.stream.maxConcurrentConnections}).
 *
 * <p>Invariant: {@code clients.size() <= max}. Admission and release take the lock (so the cap check
 * and the add are one step); the emitter reads {@link #clients()} without any lock (a copy-on-write
 * list), so a connection being admitted never delays a tick.
 */
final class ClientSlots {

    private final int max;
    private final CopyOnWriteArrayList<StreamClient> clients = new CopyOnWriteArrayList<>();
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition changed = lock.newCondition();
    private boolean closed;

    ClientSlots(int max) {
        this.max = max;
    }

    /** Admits {@code client} if a slot is free and the server is open. */
    boolean tryAdmit(StreamClient client) {
        lock.lock();
        try {
            if (closed || clients.size() >= max) {
                return false;
            }
            clients.add(client);
            changed.signalAll();
            return true;
        } finally {
            lock.unlock();
        }
    }

    /** Frees {@code client}'s slot (idempotent). */
    void release(StreamClient client) {
        lock.lock();
        try {
            if (clients.remove(client)) {
                changed.signalAll();
            }
        } finally {
            lock.unlock();
        }
    }

    /** The clients now, for the emitter: a snapshot, read without locking. */
    List<StreamClient> clients() {
        return clients;
    }

    /** Open connections now. */
    int count() {
        return clients.size();
    }

    /** The cap. */
    int max() {
        return max;
    }

    /** Refuses every later admission and drops every client. */
    void closeAll() {
        lock.lock();
        try {
            closed = true;
        } finally {
            lock.unlock();
        }
        for (StreamClient client : clients) {
            client.drop();
        }
    }

    /** Waits at most {@code timeout} for the count to satisfy {@code condition}; true if it did. */
    boolean await(IntPredicate condition, long timeout, TimeUnit unit) throws InterruptedException {
        long remaining = unit.toNanos(timeout);
        lock.lock();
        try {
            while (!condition.test(clients.size())) {
                if (remaining <= 0) {
                    return false;
                }
                remaining = changed.awaitNanos(remaining);
            }
            return true;
        } finally {
            lock.unlock();
        }
    }
}
