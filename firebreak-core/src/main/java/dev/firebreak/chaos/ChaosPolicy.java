package dev.firebreak.chaos;

import dev.firebreak.config.InvalidConfigException;
import dev.firebreak.event.ListenerFailures;
import dev.firebreak.time.Cancellable;
import dev.firebreak.time.Scheduler;
import dev.firebreak.time.internal.OffTimer;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.LongAdder;

/**
 * A guard's fault injection, the pipeline's side: made only for guards of a registry that allows chaos
 * ({@code GuardRegistry.builder().allowChaos(true)}), so a guard of any other registry has none and its
 * calls pay nothing for it. The guard's pipeline asks {@link #pick} once per admitted call, at step 6,
 * and runs the call through the {@link Injection} it gets, if any; users see it through {@link ChaosView}.
 *
 * <p>Thread-safe: the plan in force is one volatile reference, replaced by {@link #reconfigure} and
 * cleared once (by compare-and-set) when its time to live runs out, by the first call that finds it
 * expired or by the timer armed for it, whichever comes first; the listeners are told once.
 */
public final class ChaosPolicy {

    private static final System.Logger LOG = System.getLogger(ChaosPolicy.class.getName());
    private static final OffTimer LISTENERS = new OffTimer("firebreak-chaos-expired-");
    private static final VarHandle PLAN;

    static {
        try {
            PLAN = MethodHandles.lookup().findVarHandle(ChaosPolicy.class, "plan", ChaosPlan.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final String guard;
    private final String group;
    private final ChaosFaults faults;
    private final Scheduler scheduler;
    private final String keyPrefix;
    private final LongAdder[] injected = new LongAdder[ChaosKind.values().length];
    private final CopyOnWriteArrayList<ChaosListener> listeners = new CopyOnWriteArrayList<>();
    private final ChaosView view;
    private volatile ChaosPlan plan; // null: off
    // Guarded by this: the configuration last applied, and the timer of its plan's time to live.
    private ChaosConfig applied;
    private Cancellable expiry = Cancellable.NONE;

    /**
     * The injection of guard {@code guard} of group {@code group}, with the registry's {@code faults} (and
     * their random source), timing on {@code scheduler}.
     */
    public ChaosPolicy(String guard, String group, ChaosFaults faults, Scheduler scheduler) {
        this.guard = Objects.requireNonNull(guard, "guard");
        this.group = Objects.requireNonNull(group, "group");
        this.faults = Objects.requireNonNull(faults, "faults");
        this.scheduler = Objects.requireNonNull(scheduler, "scheduler");
        this.keyPrefix = "firebreak.command." + guard + ".";
        for (int i = 0; i < injected.length; i++) {
            injected[i] = new LongAdder();
        }
        this.view = new ChaosView(this);
    }

    /**
     * Applies {@code next} at {@code nowNanos}: an unchanged configuration keeps the plan in force (and its
     * time to live's start, or its expiry); a changed one replaces it, switched on now if enabled.
     *
     * @throws InvalidConfigException if {@code chaos.faults} names faults the registry does not hold for
     *     the kind; nothing changes then
     */
    public synchronized void reconfigure(ChaosConfig next, long nowNanos) {
        Objects.requireNonNull(next, "config");
        if (next.equals(applied)) {
            return;
        }
        ChaosPlan made = next.enabled() ? ChaosPlan.of(guard, group, next, faults, scheduler, nowNanos, keyPrefix) : null;
        applied = next;
        expiry.cancel();
        expiry = Cancellable.NONE;
        plan = made;
        if (made != null) {
            LOG.log(System.Logger.Level.INFO, () -> "guard '" + guard + "': fault injection on (" + describe(next) + ")");
            if (made.ttlNanos() > 0L) {
                expiry = scheduler.schedule(made.ttlNanos(), () -> expire(made));
            }
        }
    }

    /**
     * Step 6's question for one admitted call at {@code nowNanos}: the fault it receives, or null (no plan
     * in force, expired, out of scope, or not drawn). Counts the injections per kind.
     */
    public Injection pick(long nowNanos) {
        ChaosPlan p = plan;
        if (p == null) {
            return null;
        }
        if (p.expired(nowNanos)) { // the ticker decides, even if the timer is late
            expire(p);
            return null;
        }
        Injection chosen = p.choose(faults.random());
        if (chosen != null) {
            injected[chosen.kind().ordinal()].increment();
        }
        return chosen;
    }

    /** Switches {@code expiring} off if it is still in force, and tells the listeners once. */
    private void expire(ChaosPlan expiring) {
        if (!PLAN.compareAndSet(this, expiring, null)) {
            return;
        }
        ChaosConfig config = expiring.config;
        LOG.log(System.Logger.Level.INFO, () -> "guard '" + guard + "': fault injection expired after "
                + config.ttl().toMillis() + " ms (chaos.ttlInMilliseconds); off until its configuration changes");
        if (listeners.isEmpty()) {
            return;
        }
        LISTENERS.run(() -> { // never on the timer thread, nor on a caller's
            for (ChaosListener listener : listeners) {
                try {
                    listener.expired(guard, config);
                } catch (Throwable thrown) {
                    ListenerFailures.report(listener, "the expiry of guard '" + guard + "''s fault injection", thrown);
                }
            }
        });
    }

    /** What users see of it. */
    public ChaosView view() {
        return view;
    }

    ChaosConfig inForce() {
        ChaosPlan p = plan;
        return p == null ? null : p.config;
    }

    long injected(ChaosKind kind) {
        return injected[kind.ordinal()].sum();
    }

    List<ChaosListener> listeners() {
        return listeners;
    }

    String guard() {
        return guard;
    }

    private static String describe(ChaosConfig c) {
        return c.kind() + ", rate " + c.rate() + (c.faults().isEmpty() ? "" : ", faults " + c.faults())
                + (c.groups().isEmpty() ? "" : ", groups " + c.groups())
                + (c.criticalities().isEmpty() ? "" : ", criticalities " + c.criticalities())
                + (c.tags().isEmpty() ? "" : ", tags " + c.tags())
                + (c.ttl().isZero() ? ", no ttl" : ", ttl " + c.ttl().toMillis() + " ms");
    }
}
