package dev.firebreak;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.firebreak.event.EventType;
import dev.firebreak.isolation.GuardThreadPool;
import dev.firebreak.isolation.ThreadPoolConfig;
import dev.firebreak.support.GuardFixture;
import dev.firebreak.support.LiveThreads;
import dev.firebreak.testkit.Gate;
import dev.firebreak.testkit.ManualClock;
import java.lang.ref.WeakReference;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A THREAD pool lives exactly as long as a guard uses it: the registry counts the guards sharing a pool
 * key and shuts the pool down when the last one is removed, after which its threads exit and the pool
 * becomes garbage. Real threads throughout (the defect lives there); the registry's clock is manual, so
 * no timeout fires.
 */
@ExtendWith(GuardFixture.Extension.class)
class PoolLifecycleTest {

    private static ThreadPoolConfig core(int threads) {
        return ThreadPoolConfig.builder().coreSize(threads).build();
    }

    @Test
    void removingEveryGuardOfAHundredPoolsGivesEveryThreadBack() throws Exception {
        String prefix = "firebreak-lifecycle-hundred-";
        GuardRegistry registry = GuardRegistry.builder().clock(new ManualClock(GuardFixture.ORIGIN)).build();
        int baseline = LiveThreads.named(prefix).size();
        for (int i = 0; i < 100; i++) {
            Guard guard = registry.guard("lifecycle-hundred-" + i).isolation(Isolation.threadPool(core(10))).build();
            for (int call = 0; call < 10; call++) {
                guard.execute(() -> 1); // below coreSize, each call starts one more core thread
            }
        }
        List<Thread> threads = LiveThreads.named(prefix);
        assertThat(threads).hasSize(baseline + 1_000);

        for (int i = 0; i < 100; i++) {
            assertThat(registry.remove("lifecycle-hundred-" + i)).isTrue();
        }

        assertThat(LiveThreads.awaitTermination(threads)).as("pool threads still alive after removing every guard")
                .isEmpty();
        assertThat(LiveThreads.named(prefix)).hasSize(baseline);
        assertThat(registry.pools()).isEmpty();
    }

    @Test
    void aRemovedPoolAndItsGuardBecomeGarbage() throws Exception {
        String prefix = "firebreak-lifecycle-garbage-";
        GuardRegistry registry = GuardRegistry.builder().clock(new ManualClock(GuardFixture.ORIGIN)).build();
        List<WeakReference<Object>> references = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            references.addAll(buildCallAndRemove(registry, "lifecycle-garbage-" + i));
        }
        LiveThreads.awaitTermination(LiveThreads.named(prefix)); // a pool stays reachable while a thread of it runs

        assertThat(LiveThreads.collect(references)).as("pools and guards still reachable after removal").isZero();
    }

    private static List<WeakReference<Object>> buildCallAndRemove(GuardRegistry registry, String name) {
        Guard guard = registry.guard(name).isolation(Isolation.threadPool(core(2))).build();
        guard.execute(() -> 1);
        guard.execute(() -> 2);
        List<WeakReference<Object>> references = List.of(new WeakReference<>(guard),
                new WeakReference<>(guard.controls().threadPool()));
        registry.remove(name);
        return references;
    }

    @Test
    void callsTakenBeforeTheRemovalFinishAndLaterOnesAreRefusedSayingThePoolWasShutDown(GuardFixture fixture)
            throws Exception {
        ThreadPoolConfig queued = ThreadPoolConfig.builder().coreSize(2).maxQueueSize(5)
                .queueSizeRejectionThreshold(5).build();
        Guard guard = fixture.guard("racing").isolation(Isolation.threadPool(queued)).build();
        GuardThreadPool pool = guard.controls().threadPool();
        Gate gate = new Gate();
        List<CompletableFuture<String>> taken = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            taken.add(guard.submit(gate.call("taken-" + i))); // two run, the third waits in the queue
        }
        gate.awaitEntered(2);
        List<Thread> threads = LiveThreads.named("firebreak-racing-");

        assertThat(fixture.registry().remove("racing")).isTrue();
        assertThat(fixture.registry().findPool("racing")).isEmpty();

        CompletableFuture<String> late = guard.submit(() -> "late");
        assertThat(late).as("refused at once, not queued behind the gate").isCompletedExceptionally();
        assertThatThrownBy(late::join).isInstanceOf(CompletionException.class).cause()
                .isInstanceOfSatisfying(RejectedException.class, rejected -> {
                    assertThat(rejected.event()).isEqualTo(EventType.THREAD_POOL_REJECTED);
                    assertThat(rejected.guard()).isEqualTo("racing");
                    assertThat(rejected.getMessage()).contains("pool 'racing' was shut down");
                });

        gate.open();
        for (int i = 0; i < 3; i++) {
            assertThat(taken.get(i).get(20, TimeUnit.SECONDS)).isEqualTo("taken-" + i);
        }
        fixture.awaitCalls(4);
        assertThat(fixture.count(EventType.SUCCESS)).isEqualTo(3);
        assertThat(fixture.count(EventType.THREAD_POOL_REJECTED)).isEqualTo(1);
        assertThat(LiveThreads.awaitTermination(threads)).isEmpty();
        assertThat(pool.admitted()).isZero();

        Guard again = fixture.guard("racing").isolation(Isolation.threadPool(queued)).build();
        assertThat(again.controls().threadPool()).as("a fresh pool under the same key").isNotSameAs(pool);
        assertThat(again.execute(() -> "fresh")).isEqualTo("fresh");
    }

    @Test
    void aSharedPoolLivesWhileAnyOfItsGuardsIsRegistered(GuardFixture fixture) throws Exception {
        Guard left = fixture.guard("left").pool("shared").isolation(Isolation.threadPool(core(2))).build();
        Guard right = fixture.guard("right").pool("shared").isolation(Isolation.threadPool(core(2))).build();
        assertThat(right.controls().threadPool()).isSameAs(left.controls().threadPool());
        left.execute(() -> 1);
        right.execute(() -> 2);

        fixture.registry().remove("left");
        assertThat(fixture.registry().findPool("shared")).containsSame(right.controls().threadPool());
        assertThat(right.execute(() -> 3)).isEqualTo(3);
        assertThat(left.execute(() -> 4)).as("the pool still runs calls of the removed guard's holders").isEqualTo(4);

        List<Thread> threads = LiveThreads.named("firebreak-shared-");
        fixture.registry().remove("right");
        assertThat(fixture.registry().findPool("shared")).isEmpty();
        assertThat(LiveThreads.awaitTermination(threads)).isEmpty();
    }

    @Test
    void aGuardRefusedForItsNameGivesItsPoolShareBack(GuardFixture fixture) {
        fixture.guard("twice").pool("twice-pool").isolation(Isolation.threadPool(core(1))).build();
        assertThatThrownBy(() -> fixture.guard("twice").pool("twice-pool").isolation(Isolation.threadPool()).build())
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("already exists");

        GuardThreadPool pool = fixture.registry().findPool("twice-pool").orElseThrow();
        fixture.registry().remove("twice");
        assertThat(fixture.registry().findPool("twice-pool")).isEmpty();
        assertThat(pool.isShutdown()).isTrue();
    }

    @Test
    void removingByInstanceLeavesANewerGuardOfTheSameNameAlone(GuardFixture fixture) {
        Guard old = fixture.guard("renewed").isolation(Isolation.threadPool(core(1))).build();
        fixture.registry().remove("renewed");
        Guard renewed = fixture.guard("renewed").isolation(Isolation.threadPool(core(1))).build();

        assertThat(fixture.registry().remove(old)).isFalse();
        assertThat(fixture.registry().find("renewed")).containsSame(renewed);
        assertThat(renewed.controls().threadPool().isShutdown()).isFalse();
        assertThat(fixture.registry().remove(renewed)).isTrue();
        assertThat(renewed.controls().threadPool().isShutdown()).isTrue();
    }

    @Test
    void withAllowCoreThreadsToTimeOutAnIdlePoolHoldsNoThread(GuardFixture fixture) throws Exception {
        ThreadPoolConfig retiring = ThreadPoolConfig.builder().coreSize(3).keepAliveTime(Duration.ofMinutes(0))
                .allowCoreThreadsToTimeOut(true).build();
        Guard guard = fixture.guard("retiring").isolation(Isolation.threadPool(retiring)).build();
        for (int i = 0; i < 3; i++) {
            guard.execute(() -> 1);
        }
        assertThat(LiveThreads.awaitTermination(LiveThreads.named("firebreak-retiring-"))).isEmpty();
        assertThat(guard.controls().threadPool().poolSize()).isZero();
        assertThat(guard.controls().threadPool().isShutdown()).isFalse();
        assertThat(guard.execute(() -> "still serving")).isEqualTo("still serving");
    }

    @Test
    void allowCoreThreadsToTimeOutAppliesLive(GuardFixture fixture) throws Exception {
        ThreadPoolConfig keeping = ThreadPoolConfig.builder().coreSize(2).keepAliveTime(Duration.ofMinutes(0)).build();
        Guard guard = fixture.guard("keeping").isolation(Isolation.threadPool(keeping)).build();
        guard.execute(() -> 1);
        guard.execute(() -> 2);
        assertThat(guard.controls().threadPool().poolSize()).as("core threads stay without the flag").isEqualTo(2);

        guard.controls().threadPool().reconfigure(keeping.toBuilder().allowCoreThreadsToTimeOut(true).build());
        assertThat(LiveThreads.awaitTermination(LiveThreads.named("firebreak-keeping-"))).isEmpty();
        assertThat(guard.controls().threadPool().poolSize()).isZero();
    }
}
