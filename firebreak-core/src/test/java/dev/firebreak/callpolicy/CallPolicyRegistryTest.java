package dev.firebreak.callpolicy;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.retry.Retry;
import dev.firebreak.retry.RetryRegistry;
import dev.firebreak.Guard;
import dev.firebreak.GuardRegistry;
import dev.firebreak.Isolation;
import dev.firebreak.hedge.Hedge;
import dev.firebreak.hedge.HedgeRegistry;
import dev.firebreak.registry.RegistryListener;
import dev.firebreak.testkit.ManualClock;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Retry and hedge policies register by name in their guard registry's extensions, with events. */
class CallPolicyRegistryTest {

    private final GuardRegistry registry = GuardRegistry.builder().clock(new ManualClock()).build();
    private final Guard guard = registry.guard("users").isolation(Isolation.semaphore(10)).build();

    @Test
    void aBuiltPolicyIsFoundByNameAndASecondOneReplacesIt() {
        List<String> seen = new ArrayList<>();
        RetryRegistry.of(registry).registry().addListener(new RegistryListener<>() {
            @Override
            public void onAdded(Retry added) {
                seen.add("added " + added.name());
            }

            @Override
            public void onRemoved(Retry removed) {
                seen.add("removed " + removed.name());
            }

            @Override
            public void onReplaced(Retry previous, Retry current) {
                seen.add("replaced " + current.name());
            }
        });
        Retry first = Retry.named("users-retry").through(guard).build();
        assertThat(RetryRegistry.of(registry).find("users-retry")).containsSame(first);
        Retry second = Retry.named("users-retry").through(guard).build();
        assertThat(RetryRegistry.of(registry).find("users-retry")).containsSame(second);
        assertThat(RetryRegistry.of(registry).remove("users-retry")).isTrue();
        assertThat(RetryRegistry.of(registry).policies()).isEmpty();
        assertThat(seen).containsExactly("added users-retry", "replaced users-retry", "removed users-retry");
        assertThat(RetryRegistry.of(registry)).isSameAs(RetryRegistry.of(registry)); // one per guard registry
    }

    @Test
    void hedgesHaveTheirOwnRegistryAndAClosedGuardRegistryRegistersNothing() {
        Hedge hedge = Hedge.named("users-hedge").through(guard).build();
        assertThat(HedgeRegistry.of(registry).find("users-hedge")).containsSame(hedge);
        assertThat(RetryRegistry.of(registry).find("users-hedge")).isEmpty();
        assertThat(HedgeRegistry.of(registry).guards()).isSameAs(registry);
        registry.close();
        Hedge late = Hedge.named("late").through(guard).build();
        assertThat(late.name()).isEqualTo("late"); // usable by whoever holds it
        assertThat(HedgeRegistry.of(registry).find("late")).isEmpty();
    }
}
