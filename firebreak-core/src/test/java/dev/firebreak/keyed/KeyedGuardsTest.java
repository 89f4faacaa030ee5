package dev.firebreak.keyed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.firebreak.Guard;
import dev.firebreak.GuardRegistry;
import dev.firebreak.Isolation;
import dev.firebreak.config.InvalidConfigException;
import dev.firebreak.event.EventType;
import dev.firebreak.isolation.GuardThreadPool;
import dev.firebreak.isolation.IsolationStrategy;
import dev.firebreak.isolation.ThreadPoolConfig;
import dev.firebreak.support.LiveThreads;
import dev.firebreak.testkit.Await;
import dev.firebreak.testkit.Gate;
import dev.firebreak.testkit.ManualClock;
import java.lang.ref.WeakReference;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Keyed guards on a manual clock: built on first use from the template, evicted after exactly the idle
 * time (never while a call is in flight), the least recently used idle key evicted at the cap, a clear
 * refusal when every key is busy, and the evicted guards, pools and threads given back.
 */
class KeyedGuardsTest {

    private static final Duration IDLE = Duration.ofMinutes(5);
    private static final long ORIGIN = Long.MAX_VALUE - Duration.ofHours(1).toNanos(); // readings wrap during tests

    private final ManualClock clock = new ManualClock(ORIGIN);
    private final GuardRegistry registry = GuardRegistry.builder().clock(clock).build();

    private KeyedGuardsBuilder<String> tenants() {
        return KeyedGuards.builder(registry, (String tenant) -> "tenant-" + tenant)
                .template(guard -> guard.isolation(Isolation.semaphore(5)).timeout(Duration.ofSeconds(2)))
                .expireAfterIdle(IDLE)
                .evictionExecutor(Runnable::run);
    }

    @Test
    void aKeysGuardIsBuiltOnItsFirstCallFromTheTemplateUnderItsName() {
        KeyedGuards<String> keyed = tenants().build();
        assertThat(registry.find("tenant-acme")).isEmpty();

        assertThat(keyed.execute("acme", () -> "hello")).isEqualTo("hello");

        Guard guard = registry.find("tenant-acme").orElseThrow();
        assertThat(keyed.find("acme")).containsSame(guard);
        assertThat(guard.controls().isolationStrategy()).isEqualTo(IsolationStrategy.SEMAPHORE);
        assertThat(guard.controls().config().isolation().semaphoreMaxConcurrentRequests()).isEqualTo(5);
        assertThat(guard.controls().config().timeout().timeout().toMillis()).isEqualTo(2_000);
        assertThat(keyed.execute("acme", () -> "again")).isEqualTo("again");
        assertThat(registry.find("tenant-acme")).containsSame(guard);
        assertThat(keyed.size()).isOne();
    }

    @Test
    void aKeyUnusedForTheIdleTimeIsEvictedThenRebuiltFresh() {
        KeyedGuards<String> keyed = tenants().build();
        keyed.execute("acme", () -> 1);
        Guard first = keyed.find("acme").orElseThrow();
        clock.advance(IDLE.dividedBy(2));
        keyed.execute("globex", () -> 2);

        clock.advance(IDLE.dividedBy(2).minusNanos(1));
        assertThat(keyed.find("acme")).as("one nanosecond before its idle time").containsSame(first);
        clock.advance(1);
        assertThat(keyed.find("acme")).isEmpty();
        assertThat(registry.find("tenant-acme")).isEmpty();
        assertThat(registry.find("tenant-globex")).as("used later, expires later").isPresent();

        clock.advance(IDLE.dividedBy(2).minusNanos(1));
        assertThat(registry.find("tenant-globex")).isPresent();
        clock.advance(1);
        assertThat(registry.find("tenant-globex")).isEmpty();
        assertThat(keyed.size()).isZero();
        assertThat(keyed.evictionCount()).isEqualTo(2);
        assertThat(clock.pendingTasks()).as("no sweep scheduled without keys").isZero();

        keyed.execute("acme", () -> 3);
        assertThat(keyed.find("acme").orElseThrow()).as("a fresh guard").isNotSameAs(first);
        assertThat(keyed.find("acme").orElseThrow().controls().metrics().cumulativeCount(EventType.SUCCESS)).isEqualTo(1);
    }

    @Test
    void everyCallRestartsTheIdleTime() {
        KeyedGuards<String> keyed = tenants().build();
        for (int i = 0; i < 10; i++) {
            keyed.execute("acme", () -> 1);
            clock.advance(IDLE.minusNanos(1));
        }
        assertThat(keyed.find("acme")).isPresent();
        clock.advance(1);
        assertThat(keyed.find("acme")).isEmpty();
    }

    @Test
    void aKeyWithACallInFlightIsNeverEvictedUnderItsCaller() throws Exception {
        KeyedGuards<String> keyed = tenants()
                .template(g -> g.isolation(Isolation.semaphore(5)).timeout(Duration.ofDays(1))).build();
        Gate gate = new Gate();
        CompletableFuture<String> caller = CompletableFuture.supplyAsync(() -> keyed.execute("acme", gate.call("late")),
                task -> Thread.ofPlatform().start(task));
        gate.awaitEntered(1);
        Guard guard = keyed.find("acme").orElseThrow();

        clock.advance(IDLE.multipliedBy(10));
        assertThat(keyed.evict("acme")).as("explicit eviction refuses a busy key").isFalse();
        assertThat(registry.find("tenant-acme")).as("busy for ten idle times").containsSame(guard);

        gate.open();
        assertThat(caller.get(20, TimeUnit.SECONDS)).isEqualTo("late");
        clock.advance(IDLE.minusNanos(1));
        assertThat(registry.find("tenant-acme")).as("idle time counts from the end of the last call").isPresent();
        clock.advance(1);
        assertThat(registry.find("tenant-acme")).isEmpty();
    }

    @Test
    void aSubmittedCallHoldsItsKeyUntilItsFutureCompletes() throws Exception {
        KeyedGuards<String> keyed = tenants()
                .template(g -> g.isolation(Isolation.virtualThreads(5)).timeout(Duration.ofDays(1))).build();
        Gate gate = new Gate();
        CompletableFuture<String> pending = keyed.submit("acme", gate.call("done"));
        gate.awaitEntered(1);
        clock.advance(IDLE.multipliedBy(3));
        assertThat(keyed.find("acme")).isPresent();
        gate.open();
        pending.handle((v, t) -> v).get(20, TimeUnit.SECONDS);
        // the key's lease is given back by the completing thread, possibly just after this thread sees
        // the future complete: once it is back, one idle period later the key is evicted
        Await.until("the key evicted once idle", () -> {
            clock.advance(IDLE);
            return keyed.find("acme").isEmpty();
        });
    }

    @Test
    void atTheCapTheLeastRecentlyUsedIdleKeyMakesRoom() {
        KeyedGuards<String> keyed = tenants().maxKeys(3).build();
        keyed.execute("a", () -> 1);
        clock.advance(Duration.ofSeconds(1));
        keyed.execute("b", () -> 1);
        clock.advance(Duration.ofSeconds(1));
        keyed.execute("c", () -> 1);
        clock.advance(Duration.ofSeconds(1));
        keyed.execute("a", () -> 1); // now b is the least recently used

        keyed.execute("d", () -> 1);

        assertThat(keyed.size()).isEqualTo(3);
        assertThat(keyed.find("b")).isEmpty();
        assertThat(registry.find("tenant-b")).isEmpty();
        assertThat(List.of("a", "c", "d")).allSatisfy(key -> assertThat(keyed.find(key)).isPresent());
        assertThat(registry.guards()).hasSize(3);
    }

    @Test
    void atTheCapWithEveryKeyBusyANewKeyIsRefusedClearlyAndNothingIsBuilt() throws Exception {
        KeyedGuards<String> keyed = tenants().maxKeys(2).build();
        Gate gate = new Gate();
        List<CompletableFuture<String>> busy = new ArrayList<>();
        for (String key : List.of("a", "b")) {
            busy.add(CompletableFuture.supplyAsync(() -> keyed.execute(key, gate.call(key)),
                    task -> Thread.ofPlatform().start(task)));
        }
        gate.awaitEntered(2);

        assertThatThrownBy(() -> keyed.execute("c", () -> "never"))
                .isInstanceOfSatisfying(KeyLimitException.class, refused -> {
                    assertThat(refused.key()).isEqualTo("c");
                    assertThat(refused.maxKeys()).isEqualTo(2);
                })
                .hasMessageContaining("new key 'c'").hasMessageContaining("maxKeys = 2");
        CompletableFuture<String> submitted = keyed.submit("c", () -> "never");
        assertThat(submitted).isCompletedExceptionally();
        assertThatThrownBy(submitted::join).cause().isInstanceOf(KeyLimitException.class);
        assertThat(registry.find("tenant-c")).isEmpty();
        assertThat(keyed.size()).isEqualTo(2);

        gate.open();
        for (CompletableFuture<String> call : busy) {
            call.get(20, TimeUnit.SECONDS);
        }
        assertThat(keyed.execute("c", () -> "now")).isEqualTo("now");
        assertThat(keyed.size()).isEqualTo(2);
    }

    @Test
    void anEvictedKeysPoolIsShutDownAndItsThreadsExit() throws Exception {
        KeyedGuards<String> hosts = KeyedGuards.builder(registry, (String host) -> "keyed-host-" + host)
                .template(g -> g.isolation(Isolation.threadPool(ThreadPoolConfig.builder().coreSize(3).build())))
                .expireAfterIdle(IDLE).evictionExecutor(Runnable::run).build();
        for (int i = 0; i < 3; i++) {
            hosts.execute("eu", () -> 1);
        }
        GuardThreadPool pool = hosts.find("eu").orElseThrow().controls().threadPool();
        List<Thread> threads = LiveThreads.named("firebreak-keyed-host-eu-");
        assertThat(threads).hasSize(3);

        clock.advance(IDLE);

        assertThat(pool.isShutdown()).isTrue();
        assertThat(registry.findPool("keyed-host-eu")).isEmpty();
        assertThat(LiveThreads.awaitTermination(threads)).isEmpty();
        hosts.execute("eu", () -> 1);
        assertThat(hosts.find("eu").orElseThrow().controls().threadPool()).isNotSameAs(pool);
    }

    @Test
    void theHeapOfEvictedKeysIsReclaimed() {
        KeyedGuards<String> keyed = tenants().maxKeys(1_000).build();
        List<WeakReference<Guard>> guards = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            guards.add(callAndWatch(keyed, "t" + i));
        }
        assertThat(LiveThreads.collect(guards)).as("kept while their keys live").isEqualTo(200);

        clock.advance(IDLE);

        assertThat(keyed.size()).isZero();
        assertThat(registry.guards()).isEmpty();
        assertThat(LiveThreads.collect(guards)).as("evicted guards still reachable").isZero();
    }

    private static WeakReference<Guard> callAndWatch(KeyedGuards<String> keyed, String key) {
        keyed.execute(key, () -> 1);
        return new WeakReference<>(keyed.find(key).orElseThrow());
    }

    @Test
    void theIdleSweepRunsOnTheEvictionExecutorNotOnTheTimer() {
        Queue<Runnable> handedOff = new ArrayDeque<>();
        KeyedGuards<String> keyed = tenants().evictionExecutor(handedOff::add).build();
        keyed.execute("acme", () -> 1);

        clock.advance(IDLE);
        assertThat(keyed.find("acme")).as("the timer only hands the sweep off").isPresent();
        assertThat(handedOff).hasSize(1);

        handedOff.poll().run();
        assertThat(keyed.find("acme")).isEmpty();
    }

    @Test
    void closeEvictsIdleKeysAtOnceBusyOnesWhenTheirCallEndsAndRefusesLaterCalls() throws Exception {
        KeyedGuards<String> keyed = tenants()
                .template(g -> g.isolation(Isolation.virtualThreads(5)).timeout(Duration.ofDays(1))).build();
        keyed.execute("idle", () -> 1);
        Gate gate = new Gate();
        CompletableFuture<String> busy = keyed.submit("busy", gate.call("busy"));
        gate.awaitEntered(1);
        keyed.close();
        assertThat(registry.find("tenant-idle")).isEmpty();
        assertThat(registry.find("tenant-busy")).isPresent();
        assertThatThrownBy(() -> keyed.execute("idle", () -> 2)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("closed");
        assertThat(keyed.submit("other", () -> 3)).isCompletedExceptionally();

        gate.open();
        assertThat(busy.get(20, TimeUnit.SECONDS)).isEqualTo("busy");
        // The key's lease is given back when the call's future completes, which get() may see first.
        Await.until("the busy key's guard evicted once its call ended", () -> registry.guards().isEmpty(),
                () -> "guards: " + registry.guards());
        assertThat(clock.pendingTasks()).isZero();
    }

    @Test
    void badSettingsAreRefusedNamingTheSettingTheValueAndTheRule() {
        assertThatThrownBy(() -> tenants().maxKeys(0)).isInstanceOf(InvalidConfigException.class)
                .hasMessage("maxKeys = 0: must be >= 1");
        assertThatThrownBy(() -> tenants().expireAfterIdle(Duration.ZERO)).isInstanceOf(InvalidConfigException.class)
                .hasMessage("expireAfterIdle = PT0S: must be > 0");

        KeyedGuards<String> blank = KeyedGuards.builder(registry, (String key) -> key.equals("x") ? " " : key)
                .evictionExecutor(Runnable::run).build();
        assertThatThrownBy(() -> blank.execute("x", () -> 1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("key 'x'").hasMessageContaining("non-blank guard name");
        assertThat(blank.size()).isZero();
    }

    @Test
    void twoKeysNamedAlikeAreRefusedWithoutDisturbingTheFirst() {
        KeyedGuards<String> keyed = KeyedGuards.builder(registry, (String key) -> "same")
                .template(g -> g.isolation(Isolation.semaphore(2))).maxKeys(2).evictionExecutor(Runnable::run).build();
        keyed.execute("a", () -> 1);
        assertThatThrownBy(() -> keyed.execute("b", () -> 2)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("key 'b' is named 'same'");
        assertThat(keyed.size()).isOne();
        assertThat(keyed.execute("a", () -> 3)).isEqualTo(3);
        assertThatThrownBy(() -> keyed.execute("b", () -> 2)).as("the refused key held no slot")
                .isInstanceOf(IllegalStateException.class).isNotInstanceOf(KeyLimitException.class);
    }

    @Test
    void aTemplateThatBreaksARuleFailsTheCallAndKeepsNoSlot() {
        KeyedGuards<String> keyed = tenants().maxKeys(1)
                .template((key, g) -> g.timeout(Duration.ofMillis(key.equals("bad") ? 0 : 1_000))).build();
        assertThatThrownBy(() -> keyed.execute("bad", () -> 1)).isInstanceOf(InvalidConfigException.class)
                .hasMessageContaining("timeoutInMilliseconds = 0");
        assertThat(keyed.submit("bad", () -> 1)).isCompletedExceptionally();
        assertThat(keyed.size()).isZero();
        assertThat(keyed.execute("good", () -> 2)).isEqualTo(2);
    }

    @Test
    void anExceptionFromTheCallStillGivesTheKeyBack() throws Exception {
        KeyedGuards<String> keyed = tenants().build();
        assertThatThrownBy(() -> keyed.execute("acme", () -> {
            throw new IllegalStateException("boom");
        })).hasRootCauseMessage("boom");
        CompletableFuture<Object> failed = keyed.submit("acme", () -> {
            throw new IllegalStateException("boom");
        });
        assertThatThrownBy(() -> failed.get(20, TimeUnit.SECONDS)).isInstanceOf(ExecutionException.class);
        assertThat(keyed.evict("acme")).as("no lease left behind").isTrue();
        assertThatThrownBy(() -> keyed.submit("acme", null)).isInstanceOf(NullPointerException.class);
        assertThat(keyed.size()).isZero();
    }
}
