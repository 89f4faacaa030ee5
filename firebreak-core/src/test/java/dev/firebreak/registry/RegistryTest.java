package dev.firebreak.registry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The generic registry: events, the one listener rule, closing, and one object per name under contention. */
class RegistryTest {

    record Thing(String name, int version) {
    }

    private final Registry<Thing> registry = new Registry<>("thing", Thing::name);
    private final List<String> heard = new CopyOnWriteArrayList<>();

    private final RegistryListener<Thing> recorder = new RegistryListener<>() {
        @Override
        public void onAdded(Thing added) {
            heard.add("added " + added);
        }

        @Override
        public void onRemoved(Thing removed) {
            heard.add("removed " + removed);
        }

        @Override
        public void onReplaced(Thing previous, Thing current) {
            heard.add("replaced " + previous + " by " + current);
        }
    };

    @Test
    void addedRemovedAndReplacedAreAnnouncedOnceEach() {
        registry.addListener(recorder);
        Thing a1 = registry.register(new Thing("a", 1));
        Thing a2 = new Thing("a", 2);
        assertThat(registry.replace(a2)).contains(a1);
        assertThat(registry.remove("a")).isTrue();
        assertThat(registry.remove("a")).isFalse();
        registry.computeIfAbsent("b", name -> new Thing(name, 1));
        registry.computeIfAbsent("b", name -> new Thing(name, 99));

        assertThat(heard).containsExactly("added " + a1, "replaced " + a1 + " by " + a2, "removed " + a2,
                "added " + new Thing("b", 1));
    }

    @Test
    void aTakenNameIsRefusedNamingTheKindAndTheName() {
        registry.register(new Thing("a", 1));
        assertThatThrownBy(() -> registry.register(new Thing("a", 2)))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("a thing named 'a' already exists");
        assertThat(registry.find("a")).contains(new Thing("a", 1));
    }

    @Test
    void aThrowingListenerNeitherUndoesTheChangeNorSilencesTheOthers() {
        AtomicInteger attempts = new AtomicInteger();
        registry.addListener(new RegistryListener<>() {
            @Override
            public void onAdded(Thing added) {
                attempts.incrementAndGet();
                throw new IllegalStateException("listener bug");
            }

            @Override
            public void onRemoved(Thing removed) {
                attempts.incrementAndGet();
                throw new IllegalStateException("listener bug");
            }
        });
        registry.addListener(recorder);

        registry.register(new Thing("a", 1));
        registry.remove("a");

        assertThat(attempts).hasValue(2);
        assertThat(heard).containsExactly("added " + new Thing("a", 1), "removed " + new Thing("a", 1));
        assertThat(registry.find("a")).isEmpty();
    }

    @Test
    void aClosedRegistryRefusesNewObjectsSayingItIsClosed() {
        registry.register(new Thing("a", 1));
        assertThat(registry.close()).containsExactly(new Thing("a", 1));

        assertThatThrownBy(() -> registry.register(new Thing("b", 1)))
                .isInstanceOf(RegistryClosedException.class).hasMessage("thing 'b': its registry is closed");
        assertThatThrownBy(() -> registry.computeIfAbsent("c", name -> new Thing(name, 1)))
                .isInstanceOf(RegistryClosedException.class);
        assertThat(registry.find("a")).as("existing objects stay findable for their owner to shut down").isPresent();
    }

    @Test
    void manyThreadsRacingForOneNameMakeOneObjectAndOneEvent() throws Exception {
        AtomicInteger made = new AtomicInteger();
        AtomicInteger added = new AtomicInteger();
        registry.addListener(new RegistryListener<>() {
            @Override
            public void onAdded(Thing thing) {
                added.incrementAndGet();
            }

            @Override
            public void onRemoved(Thing thing) {
            }
        });
        int threads = 16;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            for (int round = 0; round < 200; round++) {
                String name = "n" + round;
                CountDownLatch start = new CountDownLatch(1);
                CountDownLatch done = new CountDownLatch(threads);
                for (int t = 0; t < threads; t++) {
                    pool.execute(() -> {
                        try {
                            start.await();
                            registry.computeIfAbsent(name, key -> new Thing(key, made.incrementAndGet()));
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                        } finally {
                            done.countDown();
                        }
                    });
                }
                start.countDown();
                assertThat(done.await(20, TimeUnit.SECONDS)).isTrue();
            }
        } finally {
            pool.shutdownNow();
        }
        assertThat(made).hasValue(200);
        assertThat(added).hasValue(200);
        assertThat(registry.size()).isEqualTo(200);
    }
}
