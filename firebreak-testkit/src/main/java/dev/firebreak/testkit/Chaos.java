package dev.firebreak.testkit;

import dev.firebreak.Guard;
import dev.firebreak.GuardRegistry;
import dev.firebreak.chaos.ChaosConfig;
import dev.firebreak.chaos.ChaosFaults;
import dev.firebreak.chaos.ChaosKind;
import java.time.Duration;
import java.util.Objects;
import java.util.Random;
import java.util.function.Consumer;

/**
 * Fault injection for users' tests: a registry on a {@link ManualClock} that allows chaos, with a seeded
 * random source, and faults set on a guard for the rest of a test. What a test sets here is the guard's
 * {@code chaos.*} configuration, as live configuration would set it; the faults it names are registered
 * in {@code registry.chaosFaults()}.
 *
 * <pre>{@code
 * ManualClock clock = new ManualClock();
 * GuardRegistry registry = Chaos.registry(clock, 42);
 * Guard payments = registry.guard("payments").build();
 * Chaos.inject(payments, c -> c.kind(ChaosKind.EXCEPTION).rate(0.5));
 * // ... half the calls fail with InjectedFaultException, marked INJECTED in the events
 * Chaos.stop(payments);
 * }</pre>
 */
public final class Chaos {

    private Chaos() {
    }

    /** A registry on {@code clock} that allows chaos; rates draw from {@code new Random(seed)}. */
    public static GuardRegistry registry(ManualClock clock, long seed) {
        GuardRegistry registry = GuardRegistry.builder().clock(clock).allowChaos(true).build();
        registry.chaosFaults().random(new Random(seed)::nextDouble);
        return registry;
    }

    /** The faults {@code registry} lets configuration name (register results, exceptions, behaviours here). */
    public static ChaosFaults faults(GuardRegistry registry) {
        return registry.chaosFaults();
    }

    /**
     * Switches injection on for {@code guard} with the changes {@code fault} makes to its chaos configuration
     * (kind, rate, faults, scope, time to live), starting now on the registry's clock.
     *
     * @throws IllegalStateException if the guard's registry does not allow chaos
     */
    public static void inject(Guard guard, Consumer<ChaosConfig.Builder> fault) {
        Objects.requireNonNull(fault, "fault");
        if (!guard.controls().chaos().allowed()) {
            throw new IllegalStateException("guard '" + guard.name() + "' belongs to a registry that does not allow"
                    + " chaos: build it with GuardRegistry.builder().allowChaos(true), or Chaos.registry(clock, seed)");
        }
        guard.controls().reconfigure(guard.controls().config().toBuilder()
                .chaos(c -> fault.accept(c.enabled(true))).build());
    }

    /** Every call of {@code guard} throws an {@code InjectedFaultException}. */
    public static void failEveryCall(Guard guard) {
        inject(guard, c -> c.kind(ChaosKind.EXCEPTION).rate(1.0));
    }

    /** Every call of {@code guard} runs {@code delay} late on the registry's clock. */
    public static void delayEveryCall(Guard guard, Duration delay) {
        inject(guard, c -> c.kind(ChaosKind.LATENCY).latency(delay).rate(1.0));
    }

    /** Switches injection off for {@code guard}. */
    public static void stop(Guard guard) {
        guard.controls().reconfigure(guard.controls().config().toBuilder().chaos(c -> c.enabled(false)).build());
    }
}
