package dev.firebreak.keyed;

import dev.firebreak.Fallback;
import dev.firebreak.Guard;
import dev.firebreak.GuardRegistry;
import dev.firebreak.GuardedCall;
import dev.firebreak.time.Ticker;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.BiConsumer;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * One guard per key (tenant, host, customer) built from one template, with a bound on the number of
 * keys and idle eviction, so per-key guards never grow without bound.
 *
 * <pre>{@code
 * KeyedGuards<String> tenants = KeyedGuards.builder(registry, (String tenant) -> "tenant-" + tenant)
 *     .template(guard -> guard.isolation(Isolation.semaphore(20)).timeout(Duration.ofSeconds(1)))
 *     .maxKeys(500).expireAfterIdle(Duration.ofMinutes(10)).build();
 * Invoice invoice = tenants.execute("acme", () -> billing.invoice("acme"), failure -> Invoice.none());
 * }</pre>
 *
 * <p>A key's guard is built in the registry on the key's first call, under the name the naming
 * function gives (it must give each key its own name), so the stream, the dashboard, metrics and
 * dynamic configuration see it like any other guard. A key is <b>evicted</b> (its guard removed from
 * the registry, and its thread pool shut down if it was the pool's last guard, see
 * {@link GuardRegistry#remove(String)}) in three cases, and never while a call made through this object
 * is in flight for it:
 * <ul>
 *   <li><b>idle</b>: unused (no call started or ended) for {@code expireAfterIdle}, measured on the
 *       registry's {@link Ticker}; the sweep is timed on the registry's scheduler and runs on the
 *       eviction executor (by default a virtual thread), never on the timer thread;</li>
 *   <li><b>at the cap</b>: a new key when {@code maxKeys} keys exist evicts the least recently used
 *       idle key first; if every key has a call in flight, the new key's call is refused with a
 *       {@link KeyLimitException} (thrown by {@code execute}, the failed future of {@code submit});</li>
 *   <li><b>on request</b>: {@link #evict(Object)}, and {@link #close()}.</li>
 * </ul>
 * The next call for an evicted key builds a fresh guard (fresh metrics and circuit breaker).
 *
 * <p>Calls must go through this object for their key to count as in use: a {@link Guard} taken
 * from {@link #find(Object)} works, but its calls do not hold the key. Remove keyed guards through
 * {@link #evict(Object)}, not {@code registry.remove}. Thread-safe; a call for an existing key takes no
 * lock (two atomic updates on its entry).
 */
public final class KeyedGuards<K> implements AutoCloseable {

    private final GuardRegistry registry;
    private final Ticker ticker;
    private final Function<? super K, String> naming;
    private final BiConsumer<? super K, Guard.Builder> template;
    private final int maxKeys;
    private final long idleNanos;
    private final ConcurrentHashMap<K, KeyedEntry<K>> entries = new ConcurrentHashMap<>();
    private final AtomicInteger reserved = new AtomicInteger(); // entries in the map, plus slots being filled
    private final LongAdder evictions = new LongAdder();
    private final IdleSweeper sweeper;
    private volatile boolean closed;

    KeyedGuards(KeyedGuardsBuilder<K> b) {
        this.registry = b.registry;
        this.ticker = b.registry.ticker();
        this.naming = b.naming;
        this.template = b.template;
        this.maxKeys = b.maxKeys;
        this.idleNanos = b.expireAfterIdle.toNanos();
        this.sweeper = new IdleSweeper(registry.scheduler(), b.evictionExecutor, idleNanos, this::sweep);
    }

    /** Starts building keyed guards in {@code registry}; {@code naming} gives each key its guard's name. */
    public static <K> KeyedGuardsBuilder<K> builder(GuardRegistry registry, Function<? super K, String> naming) {
        return new KeyedGuardsBuilder<>(registry, naming);
    }

    // ---------------------------------------------------------------- calls

    /** {@link Guard#execute(GuardedCall)} on the guard of {@code key}. */
    public <T> T execute(K key, GuardedCall<T> call) {
        return execute(key, call, null);
    }

    /**
     * {@link Guard#execute(GuardedCall, Fallback)} on the guard of {@code key}, which is held in use
     * until the call returns.
     *
     * @throws KeyLimitException if {@code key} is new and every one of the {@code maxKeys} keys is in use
     * @throws IllegalStateException if this object is closed
     */
    public <T> T execute(K key, GuardedCall<T> call, Fallback<T> fallback) {
        Objects.requireNonNull(call, "call");
        KeyedEntry<K> entry = lease(key);
        try {
            return entry.guard().execute(call, fallback);
        } finally {
            giveBack(entry);
        }
    }

    /** {@link Guard#submit(GuardedCall)} on the guard of {@code key}. */
    public <T> CompletableFuture<T> submit(K key, GuardedCall<T> call) {
        return submit(key, call, null);
    }

    /**
     * {@link Guard#submit(GuardedCall, Fallback)} on the guard of {@code key}, which is held in use until
     * the returned future completes. A refusal ({@link KeyLimitException}, closed) completes the future
     * exceptionally.
     */
    public <T> CompletableFuture<T> submit(K key, GuardedCall<T> call, Fallback<T> fallback) {
        Objects.requireNonNull(call, "call");
        return start(key, guard -> guard.submit(call, fallback));
    }

    /** {@link Guard#submitAsync(Supplier)} on the guard of {@code key}. */
    public <T> CompletableFuture<T> submitAsync(K key, Supplier<? extends CompletionStage<T>> call) {
        return submitAsync(key, call, null);
    }

    /**
     * {@link Guard#submitAsync(Supplier, Fallback)} on the guard of {@code key}, which is held in use
     * until the returned future completes. A refusal completes the future exceptionally.
     */
    public <T> CompletableFuture<T> submitAsync(K key, Supplier<? extends CompletionStage<T>> call,
            Fallback<T> fallback) {
        Objects.requireNonNull(call, "call");
        return start(key, guard -> guard.submitAsync(call, fallback));
    }

    private <T> CompletableFuture<T> start(K key, Function<Guard, CompletableFuture<T>> submit) {
        KeyedEntry<K> entry;
        try {
            entry = lease(key);
        } catch (RuntimeException refused) {
            return CompletableFuture.failedFuture(refused);
        }
        CompletableFuture<T> future;
        try {
            future = submit.apply(entry.guard());
        } catch (RuntimeException | Error thrown) {
            giveBack(entry);
            throw thrown;
        }
        future.whenComplete((value, thrown) -> giveBack(entry));
        return future;
    }

    // ---------------------------------------------------------------- operations

    /** The guard of {@code key}, if the key exists now (its calls do not hold the key in use). */
    public Optional<Guard> find(K key) {
        KeyedEntry<K> entry = entries.get(key);
        return entry == null || entry.state() == KeyedEntry.EVICTED ? Optional.empty()
                : Optional.ofNullable(entry.guardIfBuilt());
    }

    /** Keys that exist now (including one whose guard is being built). */
    public int size() {
        return entries.size();
    }

    /** The most keys that may exist at once. */
    public int maxKeys() {
        return maxKeys;
    }

    /** How long a key may stay unused before it is evicted. */
    public Duration expireAfterIdle() {
        return Duration.ofNanos(idleNanos);
    }

    /** Keys evicted so far, for any reason. */
    public long evictionCount() {
        return evictions.sum();
    }

    /**
     * Evicts {@code key} now if it exists and has no call in flight.
     *
     * @return true if this call evicted it
     */
    public boolean evict(K key) {
        KeyedEntry<K> entry = entries.get(key);
        return entry != null && tryEvict(entry, entry.state());
    }

    /**
     * Stops idle eviction and evicts every key: idle keys now, keys in use when their last call ends.
     * Later calls are refused with an IllegalStateException. Idempotent.
     */
    @Override
    public void close() {
        closed = true;
        sweeper.stop();
        for (KeyedEntry<K> entry : entries.values()) {
            tryEvict(entry, entry.state());
        }
    }

    @Override
    public String toString() {
        return "KeyedGuards[" + size() + " of " + maxKeys + " keys, expireAfterIdle=" + expireAfterIdle() + "]";
    }

    // ---------------------------------------------------------------- keys

    /** A lease on the entry of {@code key} with its guard built; creates the entry if needed. */
    private KeyedEntry<K> lease(K key) {
        Objects.requireNonNull(key, "key");
        while (true) {
            if (closed) {
                throw new IllegalStateException("keyed guards are closed: no call for key '" + key + "'");
            }
            KeyedEntry<K> entry = entries.get(key);
            if (entry == null) {
                entry = create(key);
                if (entry != null) {
                    return entry; // created, with the creator's lease
                }
            } else if (entry.tryLease(ticker.read())) {
                try {
                    entry.guard(); // waits while the creator builds it
                    return entry;
                } catch (CompletionException buildFailed) {
                    throw rethrown(buildFailed.getCause()); // the entry is abandoned: no lease to give back
                }
            } else {
                entry.awaitRemoved();
            }
        }
    }

    /** Creates the entry of {@code key} holding one lease, or returns null if another thread inserted one first. */
    private KeyedEntry<K> create(K key) {
        String name = naming.apply(key);
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("keyed guards: the naming function gave " + (name == null ? "null"
                    : "a blank name") + " for key '" + key + "'; every key needs a non-blank guard name");
        }
        reserveSlot(key);
        KeyedEntry<K> fresh = new KeyedEntry<>(key, name, ticker.read());
        if (entries.putIfAbsent(key, fresh) != null) {
            reserved.decrementAndGet();
            return null;
        }
        try {
            Guard.Builder builder = registry.guard(name);
            template.accept(key, builder);
            fresh.ready(builder.build());
        } catch (RuntimeException | Error failed) {
            fresh.abandon(failed);
            entries.remove(key, fresh);
            reserved.decrementAndGet();
            fresh.removed();
            if (failed instanceof IllegalStateException && registry.find(name).isPresent()) {
                throw new IllegalStateException("keyed guards: key '" + key + "' is named '" + name
                        + "', a name another guard of the registry already has; the naming function must give"
                        + " each key its own name", failed);
            }
            throw failed;
        }
        sweeper.keyCreated();
        return fresh;
    }

    /** Takes one of the {@code maxKeys} slots, evicting the least recently used idle key if none is free. */
    private void reserveSlot(K key) {
        while (true) {
            int taken = reserved.get();
            if (taken < maxKeys) {
                if (reserved.compareAndSet(taken, taken + 1)) {
                    return;
                }
            } else if (!evictLeastRecentlyUsed()) {
                throw new KeyLimitException(key, maxKeys);
            }
        }
    }

    /** Evicts the idle key unused for longest; false if every key is in use (none being removed either). */
    private boolean evictLeastRecentlyUsed() {
        KeyedEntry<K> oldest = null;
        long oldestState = 0;
        KeyedEntry<K> leaving = null;
        for (KeyedEntry<K> entry : entries.values()) {
            long state = entry.state();
            if (state == KeyedEntry.EVICTED) {
                leaving = entry;
            } else if (KeyedEntry.leases(state) == 0
                    && (oldest == null || entry.lastUsedNanos() - oldest.lastUsedNanos() < 0)) {
                oldest = entry;
                oldestState = state;
            }
        }
        if (oldest != null) {
            tryEvict(oldest, oldestState); // lost to a new lease or another evictor: the caller looks again
            return true;
        }
        if (leaving != null) {
            leaving.awaitRemoved(); // its slot is about to be freed
            return true;
        }
        return false;
    }

    /** Evicts {@code entry} if it is still in state {@code seen} with no call in flight. */
    private boolean tryEvict(KeyedEntry<K> entry, long seen) {
        if (!entry.tryEvict(seen)) {
            return false;
        }
        try {
            registry.remove(entry.guard()); // shuts its pool down if it was the last user
        } finally {
            entries.remove(entry.key, entry);
            reserved.decrementAndGet();
            evictions.increment();
            entry.removed();
        }
        return true;
    }

    private void giveBack(KeyedEntry<K> entry) {
        if (entry.release(ticker.read()) && closed) {
            tryEvict(entry, entry.state());
        }
    }

    /** The idle sweep: evicts keys unused for the idle time; returns nanos until the next may expire, or -1. */
    private long sweep() {
        long now = ticker.read();
        long soonest = Long.MAX_VALUE;
        for (KeyedEntry<K> entry : entries.values()) {
            long state = entry.state();
            if (state == KeyedEntry.EVICTED) {
                continue;
            }
            long idleFor = now - entry.lastUsedNanos();
            if (KeyedEntry.leases(state) > 0 || idleFor < 0) {
                soonest = Math.min(soonest, idleNanos); // in use: look again after a full idle time
            } else if (idleFor >= idleNanos) {
                if (!tryEvict(entry, state)) {
                    soonest = Math.min(soonest, idleNanos); // just used again
                }
            } else {
                soonest = Math.min(soonest, idleNanos - idleFor);
            }
        }
        return soonest == Long.MAX_VALUE ? -1 : soonest;
    }

    private static RuntimeException rethrown(Throwable cause) {
        if (cause instanceof RuntimeException runtime) {
            return runtime;
        }
        if (cause instanceof Error error) {
            throw error;
        }
        return new IllegalStateException(cause);
    }
}
