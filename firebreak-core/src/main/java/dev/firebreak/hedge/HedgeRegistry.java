package dev.firebreak.hedge;

import dev.firebreak.GuardRegistry;
import dev.firebreak.callpolicy.CallPolicyRegistry;

/**
 * The hedging policies of one {@link GuardRegistry}, by name ({@link CallPolicyRegistry}):
 * {@code HedgeRegistry.of(registry).find("profiles")}.
 */
public final class HedgeRegistry extends CallPolicyRegistry<Hedge> {

    private HedgeRegistry(GuardRegistry guards) {
        super(guards, "hedging policy");
    }

    /** The hedge registry of {@code guards}, made on first use. */
    public static HedgeRegistry of(GuardRegistry guards) {
        return guards.extension(HedgeRegistry.class, HedgeRegistry::new);
    }

    void add(Hedge hedge) {
        register(hedge);
    }
}
