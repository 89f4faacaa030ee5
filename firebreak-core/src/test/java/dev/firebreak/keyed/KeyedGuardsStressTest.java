package dev.firebreak.keyed;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.GuardRegistry;
import dev.firebreak.Isolation;
import dev.firebreak.RejectedException;
import dev.firebreak.isolation.ThreadPoolConfig;
import dev.firebreak.support.LiveThreads;
import dev.firebreak.testkit.ManualClock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.LongAdder;
import org.junit.jupiter.api.Test;

/**
 * 16 caller threads make calls over 40 keys (THREAD, VIRTUAL and SEMAPHORE guards, execute and submit)
 * through keyed guards capped at 8 keys, while one thread moves the manual clock (idle sweeps run on
 * it) and another evicts random keys. Every call must complete exactly once, with its own value or, for
 * a new key while all 8 are busy, a KeyLimitException without running; no call may find its key's
 * guard gone from the registry while it runs; and afterwards every guard, pool and pool thread is gone.
 */
class KeyedGuardsStressTest {

    private static final int CALLERS = 16;
    private static final int CALLS = 24_000;
    private static final int KEYS = 40;
    private static final Duration IDLE = Duration.ofMillis(50);
    private static final String PREFIX = "keyed-stress-";

    @Test
    void everyCallCompletesOnceWhileKeysAreEvictedAroundIt() throws Exception {
        ManualClock clock = new ManualClock(-Duration.ofHours(1).toNanos());
        GuardRegistry registry = GuardRegistry.builder().clock(clock).build();
        KeyedGuards<Integer> keyed = KeyedGuards.builder(registry, (Integer key) -> PREFIX + key)
                .template((key, guard) -> guard.timeout(Duration.ofDays(1)).isolation(switch (key % 3) {
                    case 0 -> Isolation.threadPool(ThreadPoolConfig.builder().coreSize(4).maxQueueSize(CALLERS)
                            .queueSizeRejectionThreshold(CALLERS).build());
                    case 1 -> Isolation.virtualThreads(CALLERS);
                    default -> Isolation.semaphore(CALLERS);
                }))
                .maxKeys(8).expireAfterIdle(IDLE).evictionExecutor(Runnable::run).build();

        AtomicIntegerArray completions = new AtomicIntegerArray(CALLS);
        AtomicIntegerArray runs = new AtomicIntegerArray(CALLS);
        LongAdder refused = new LongAdder();
        LongAdder wrong = new LongAdder();
        LongAdder goneWhileRunning = new LongAdder();
        AtomicInteger next = new AtomicInteger();
        CountDownLatch callersDone = new CountDownLatch(CALLERS);
        AtomicBoolean stop = new AtomicBoolean();
        List<CompletableFuture<?>> submitted = java.util.Collections.synchronizedList(new ArrayList<>());

        for (int t = 0; t < CALLERS; t++) {
            Thread.ofPlatform().name("keyed-stress-caller-" + t).start(() -> {
                try {
                    for (int id = next.getAndIncrement(); id < CALLS; id = next.getAndIncrement()) {
                        int call = id;
                        int key = ThreadLocalRandom.current().nextInt(KEYS);
                        dev.firebreak.GuardedCall<Integer> body = () -> {
                            runs.incrementAndGet(call);
                            if (registry.find(PREFIX + key).isEmpty()) {
                                goneWhileRunning.increment();
                            }
                            return call;
                        };
                        if (call % 2 == 0) {
                            try {
                                record(keyed.execute(key, body), call, completions, wrong);
                            } catch (KeyLimitException | RejectedException atTheDoor) {
                                // a full pool or limit refuses at the door: a legitimate, single completion
                                refused.increment();
                                completions.incrementAndGet(call);
                            }
                        } else {
                            CompletableFuture<Integer> future = keyed.submit(key, body);
                            submitted.add(future.whenComplete((value, failure) -> {
                                Throwable thrown = failure instanceof java.util.concurrent.CompletionException wrapped
                                        && wrapped.getCause() != null ? wrapped.getCause() : failure;
                                if (thrown instanceof KeyLimitException || thrown instanceof RejectedException) {
                                    refused.increment();
                                    completions.incrementAndGet(call);
                                } else if (thrown != null) {
                                    wrong.increment();
                                    completions.incrementAndGet(call);
                                } else {
                                    record(value, call, completions, wrong);
                                }
                            }));
                        }
                    }
                } catch (RuntimeException unexpected) {
                    wrong.increment();
                } finally {
                    callersDone.countDown();
                }
            });
        }
        Thread ticker = Thread.ofPlatform().name("keyed-stress-clock").start(() -> {
            while (!stop.get()) {
                clock.advance(Duration.ofMillis(ThreadLocalRandom.current().nextInt(1, 20)));
                Thread.yield();
            }
        });
        Thread evictor = Thread.ofPlatform().name("keyed-stress-evictor").start(() -> {
            while (!stop.get()) {
                keyed.evict(ThreadLocalRandom.current().nextInt(KEYS));
                Thread.yield();
            }
        });

        assertThat(callersDone.await(5, TimeUnit.MINUTES)).as("callers finished").isTrue();
        CompletableFuture.allOf(submitted.toArray(CompletableFuture[]::new)).handle((v, t) -> v)
                .get(2, TimeUnit.MINUTES);
        stop.set(true);
        ticker.join();
        evictor.join();

        for (int id = 0; id < CALLS; id++) {
            assertThat(completions.get(id)).as("completions of call %d", id).isEqualTo(1);
            assertThat(runs.get(id)).as("runs of call %d", id).isLessThanOrEqualTo(1);
        }
        assertThat(wrong.sum()).as("calls with a wrong value or an unexpected exception").isZero();
        assertThat(goneWhileRunning.sum()).as("calls whose guard was evicted under them").isZero();
        long ran = 0;
        for (int id = 0; id < CALLS; id++) {
            ran += runs.get(id);
        }
        assertThat(ran + refused.sum()).as("every call ran or was refused at the door").isEqualTo(CALLS);
        assertThat(keyed.evictionCount()).as("keys were evicted while calls went on").isPositive();

        List<Thread> poolThreads = LiveThreads.named("firebreak-" + PREFIX);
        keyed.close();
        assertThat(registry.guards()).isEmpty();
        assertThat(registry.pools()).isEmpty();
        assertThat(keyed.size()).isZero();
        assertThat(LiveThreads.awaitTermination(poolThreads)).isEmpty();
        assertThat(LiveThreads.named("firebreak-" + PREFIX)).isEmpty();
    }

    private static void record(int value, int call, AtomicIntegerArray completions, LongAdder wrong) {
        if (value != call) {
            wrong.increment();
        }
        completions.incrementAndGet(call);
    }
}
