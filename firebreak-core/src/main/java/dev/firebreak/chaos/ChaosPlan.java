package dev.firebreak.chaos;

import dev.firebreak.config.InvalidConfigException;
import dev.firebreak.context.Criticality;
import dev.firebreak.time.Scheduler;
import java.util.EnumSet;
import java.util.List;
import java.util.function.DoubleSupplier;

/**
 * One guard's injection as switched on: its configuration resolved against the registry's faults, the
 * scope prepared for a call's test, and the time it was switched on (for its time to live). Immutable.
 */
final class ChaosPlan {

    final ChaosConfig config;
    final long sinceNanos;
    private final long ttlNanos; // 0: never expires
    private final double rate;
    private final Injection[] injections;
    private final EnumSet<Criticality> criticalities; // null: any
    private final String[] tags; // null: any

    private ChaosPlan(ChaosConfig config, long sinceNanos, Injection[] injections) {
        this.config = config;
        this.sinceNanos = sinceNanos;
        this.ttlNanos = config.ttl().toNanos();
        this.rate = config.rate();
        this.injections = injections;
        this.criticalities = config.criticalities().isEmpty() ? null : EnumSet.copyOf(config.criticalityLevels());
        this.tags = config.tags().isEmpty() ? null : config.tags().toArray(String[]::new);
    }

    /**
     * The plan of {@code config} for a guard of {@code group}, switched on at {@code nowNanos}; null if the
     * guard is outside the configured groups (it never injects).
     *
     * @throws InvalidConfigException if {@code chaos.faults} names a fault {@code faults} does not hold
     *     for the configured kind (the key named in full, {@code keyPrefix} + {@code chaos.faults})
     */
    static ChaosPlan of(String guard, String group, ChaosConfig config, ChaosFaults faults, Scheduler scheduler,
            long nowNanos, String keyPrefix) {
        Injection[] injections = injections(guard, config, faults, scheduler, keyPrefix);
        if (!config.groups().isEmpty() && !config.groups().contains(group)) {
            return null;
        }
        return new ChaosPlan(config, nowNanos, injections);
    }

    private static Injection[] injections(String guard, ChaosConfig config, ChaosFaults faults, Scheduler scheduler,
            String keyPrefix) {
        long latency = config.latency().toNanos();
        if (config.kind() == ChaosKind.LATENCY || (config.kind() == ChaosKind.EXCEPTION && config.faults().isEmpty())) {
            return new Injection[] {new Injection(guard, config.kind(), null, latency, scheduler)};
        }
        List<String> names = config.faults();
        Injection[] made = new Injection[names.size()];
        for (int i = 0; i < made.length; i++) {
            ChaosFaults.Entry entry = faults.find(names.get(i));
            if (entry == null || entry.kind() != config.kind()) {
                throw new InvalidConfigException(keyPrefix + ChaosProperties.FAULTS.name(), String.join(",", names),
                        "must name " + config.kind() + " faults registered in the registry's ChaosFaults; "
                                + names.get(i) + (entry == null ? " is not registered" : " is a " + entry.kind()));
            }
            made[i] = new Injection(guard, config.kind(), entry.value(), latency, scheduler);
        }
        return made;
    }

    /** Whether the time to live has run out at {@code nowNanos}. */
    boolean expired(long nowNanos) {
        return ttlNanos != 0L && nowNanos - sinceNanos >= ttlNanos; // a difference: safe across the ticker's overflow
    }

    /** How long after {@code sinceNanos} this plan expires; 0 never. */
    long ttlNanos() {
        return ttlNanos;
    }

    /** The fault for a call in scope, chosen by {@code random}: null if the call is out of scope or not drawn. */
    Injection choose(DoubleSupplier random) {
        if (criticalities != null && !criticalities.contains(Criticality.current())) {
            return null;
        }
        if (tags != null && !ChaosTags.currentCarriesAnyOf(tags)) {
            return null;
        }
        if (rate < 1.0 && !(random.getAsDouble() < rate)) {
            return null;
        }
        if (injections.length == 1) {
            return injections[0];
        }
        int i = (int) (random.getAsDouble() * injections.length);
        return injections[Math.min(i, injections.length - 1)];
    }
}
