package dev.firebreak;

import dev.firebreak.isolation.GuardThreadPool;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * A registry's thread pools by pool key, each counted by the guards using it: the first guard naming a
 * key creates its pool, the last one to leave shuts it down, and a guard arriving after that gets a
 * fresh pool under the same key.
 *
 * <p>Invariant: a key maps to one live (not shut down) pool and the number of guards holding it
 * ({@code users >= 1}); a pool leaves the map exactly once, when its count would drop to zero, and is
 * shut down right after, by the thread that removed it. Every change to a key is one atomic map
 * operation on that key (compute, conditional replace, conditional remove), so a guard joining and the
 * last guard leaving cannot both win: either the joiner keeps the old pool alive or it gets a new one.
 */
final class SharedPools {

    /** A pool and how many guards hold it; compared by value, so conditional map updates see stale counts. */
    private record Share(GuardThreadPool pool, int users) {
    }

    private final ConcurrentHashMap<String, Share> byKey = new ConcurrentHashMap<>();

    /** Takes a share of the pool named {@code key}, creating it with {@code create} if none is live. */
    GuardThreadPool acquire(String key, Function<String, GuardThreadPool> create) {
        return byKey.compute(key, (k, current) -> current == null
                ? new Share(create.apply(k), 1)
                : new Share(current.pool(), current.users() + 1)).pool();
    }

    /**
     * Gives back a share taken by {@link #acquire}; the last one shuts the pool down (calls already
     * handed to it finish, later ones are refused).
     */
    void release(GuardThreadPool pool) {
        String key = pool.name();
        while (true) {
            Share current = byKey.get(key);
            if (current == null || current.pool() != pool) {
                return; // not a share of a live pool: nothing to give back
            }
            if (current.users() > 1) {
                if (byKey.replace(key, current, new Share(pool, current.users() - 1))) {
                    return;
                }
            } else if (byKey.remove(key, current)) {
                pool.shutdown(); // outside any map operation: the pool is no longer reachable here
                return;
            }
        }
    }

    /** The live pool named {@code key}, or null. */
    GuardThreadPool find(String key) {
        Share share = byKey.get(key);
        return share == null ? null : share.pool();
    }

    /** Every live pool, in no particular order. */
    Collection<GuardThreadPool> all() {
        return byKey.values().stream().map(Share::pool).toList();
    }

    /** How many guards hold the pool named {@code key} (0 if none is live). */
    int users(String key) {
        Share share = byKey.get(key);
        return share == null ? 0 : share.users();
    }
}
