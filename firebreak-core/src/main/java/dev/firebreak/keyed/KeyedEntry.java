package dev.firebreak.keyed;

import dev.firebreak.Guard;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One key of a {@link KeyedGuards}: its guard (built once, by the thread that inserted the entry), the
 * calls in flight through it, and when it was last used.
 *
 * <p>State, one {@code long} changed only by compare-and-set (the CAS functions compute, nothing else):
 * the low 32 bits count leases (calls in flight), the high 32 bits count leases ever taken, so that a
 * lease taken and returned between an evictor's read and its CAS changes the value and makes the CAS
 * fail. {@link #EVICTED} (all bits set, a lease count of -1) is final: no lease is granted after it.
 *
 * <p>Invariants: an entry is evicted only from a state with no lease, so no call is ever running
 * through an evicted entry's guard on behalf of {@link KeyedGuards}; a new entry starts with its
 * creator's lease, so it cannot be evicted before its guard exists; {@link #lastUsedNanos} is written
 * before the lease is returned, so an evictor that reads the state after a return also reads the
 * return's time.
 */
final class KeyedEntry<K> {

    static final long EVICTED = -1L;
    private static final long ONE_LEASE = (1L << 32) | 1L; // one more in flight, one more ever taken

    final K key;
    final String name;
    private final AtomicLong state = new AtomicLong(ONE_LEASE);
    private final CompletableFuture<Guard> guard = new CompletableFuture<>();
    private final CompletableFuture<Void> gone = new CompletableFuture<>();
    private volatile long lastUsedNanos;
    private volatile Thread remover;

    /** A new entry holding its creator's lease. */
    KeyedEntry(K key, String name, long nowNanos) {
        this.key = key;
        this.name = name;
        this.lastUsedNanos = nowNanos;
    }

    /** Calls in flight in {@code state}, or -1 if it is {@link #EVICTED}. */
    static int leases(long state) {
        return (int) state;
    }

    /** The state now. */
    long state() {
        return state.get();
    }

    /** When the entry was last leased or returned. */
    long lastUsedNanos() {
        return lastUsedNanos;
    }

    /** Takes a lease for one call; false if the entry is evicted (look the key up again). */
    boolean tryLease(long nowNanos) {
        while (true) {
            long current = state.get();
            if (current == EVICTED) {
                return false;
            }
            if (state.compareAndSet(current, current + ONE_LEASE)) {
                lastUsedNanos = nowNanos; // a stale-but-close value is harmless: the lease itself blocks eviction
                return true;
            }
        }
    }

    /** Returns a lease; true if no call remains in flight. */
    boolean release(long nowNanos) {
        lastUsedNanos = nowNanos; // before the state changes (see the class invariants)
        return leases(state.decrementAndGet()) == 0;
    }

    /** Evicts the entry if its state is still {@code seen} and holds no lease; the caller then calls {@link #removed()}. */
    boolean tryEvict(long seen) {
        if (seen == EVICTED || leases(seen) != 0) {
            return false;
        }
        if (state.compareAndSet(seen, EVICTED)) {
            remover = Thread.currentThread();
            return true;
        }
        return false;
    }

    /** Marks an entry whose guard could not be built as evicted; only its creator calls this. */
    void abandon(Throwable failure) {
        state.set(EVICTED);
        remover = Thread.currentThread();
        guard.completeExceptionally(failure);
    }

    /** Publishes the built guard to the callers waiting for it. */
    void ready(Guard built) {
        guard.complete(built);
    }

    /** The guard, waiting (briefly) while the creator builds it; throws what the build threw. */
    Guard guard() {
        return guard.join();
    }

    /** The guard if it was built, else null (never waits). */
    Guard guardIfBuilt() {
        return guard.isDone() && !guard.isCompletedExceptionally() ? guard.join() : null;
    }

    /** The evictor has removed the guard from the registry and the entry from the map. */
    void removed() {
        gone.complete(null);
    }

    /**
     * Waits until an evicted entry has left the map, so that the key can be created again under the
     * same guard name. The wait covers the evictor's {@code registry.remove} only.
     */
    void awaitRemoved() {
        if (remover == Thread.currentThread()) {
            throw new IllegalStateException("keyed guard '" + name + "' is being removed by this thread (a registry"
                    + " listener called back into its KeyedGuards during the removal)");
        }
        gone.join();
    }
}
