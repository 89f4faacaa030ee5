package dev.firebreak.live;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.Guard;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A store's snapshot is one change ({@link PropertySource#isStore()}): a bad value anywhere refuses it
 * whole and the last valid snapshot stays; a snapshot that lost most of the keys in force settles on
 * time; any other applies at the read that sees it. A source that is not a store keeps key-by-key checks.
 */
class StoreSnapshotTest {

    private static final String TIMEOUT = "firebreak.command.orders.execution.isolation.thread.timeoutInMilliseconds";
    private static final String THRESHOLD = "firebreak.command.orders.circuitBreaker.errorThresholdPercentage";
    private static final String VOLUME = "firebreak.command.orders.circuitBreaker.requestVolumeThreshold";
    private static final String SLEEP = "firebreak.command.orders.circuitBreaker.sleepWindowInMilliseconds";

    /** A store stand-in: each write is one revision, read whole. */
    private static final class Store implements PropertySource {
        private final boolean store;
        volatile Map<String, String> values = Map.of();
        volatile long revision;

        Store(boolean store) {
            this.store = store;
        }

        void write(Map<String, String> next) {
            values = Map.copyOf(next);
            revision++;
        }

        @Override
        public String name() {
            return store ? "store" : "not-a-store";
        }

        @Override
        public Map<String, String> read() {
            return values;
        }

        @Override
        public String snapshotRevision() {
            return "r" + revision;
        }

        @Override
        public boolean isStore() {
            return store;
        }
    }

    @Test
    void aBadValueAnywhereRefusesTheWholeChangeAndTheLastValidOneStays() {
        Store store = new Store(true);
        store.write(Map.of(TIMEOUT, "700", THRESHOLD, "40"));
        try (Fixture f = new Fixture(b -> b.source(store))) {
            Guard guard = f.semaphoreGuard("orders", c -> { });
            assertThat(guard.controls().config().timeout().timeout()).isEqualTo(Duration.ofMillis(700));

            store.write(Map.of(TIMEOUT, "900", THRESHOLD, "lots")); // one change of two keys, one of them bad
            f.config.refresh();
            f.config.refresh(); // read again: reported once
            assertThat(guard.controls().config().timeout().timeout()).as("the good half is not applied either")
                    .isEqualTo(Duration.ofMillis(700));
            assertThat(guard.controls().config().breaker().errorThresholdPercentage()).isEqualTo(40);
            assertThat(f.events(ConfigEvent.Kind.REFUSED)).singleElement().satisfies(e -> {
                assertThat(e.key()).isEqualTo(THRESHOLD);
                assertThat(e.value()).isEqualTo("lots");
                assertThat(e.previous()).isEqualTo("40");
                assertThat(e.message()).startsWith(THRESHOLD + " = lots: ")
                        .contains("the change of source store at revision r2 is refused whole");
            });
            assertThat(f.config.sources().get(1).revision()).as("the revision in force").isEqualTo("r1");
            assertThat(f.events(ConfigEvent.Kind.APPLIED)).isEmpty();

            store.write(Map.of(TIMEOUT, "900", THRESHOLD, "30")); // the writer's fix
            f.config.refresh();
            assertThat(guard.controls().config().timeout().timeout()).isEqualTo(Duration.ofMillis(900));
            assertThat(guard.controls().config().breaker().errorThresholdPercentage()).isEqualTo(30);
            assertThat(f.config.sources().get(1).revision()).isEqualTo("r3");
        }
    }

    @Test
    void aStoresFirstSnapshotHasNothingToKeepAndIsCheckedKeyByKey() {
        Store store = new Store(true);
        store.write(Map.of(TIMEOUT, "700", THRESHOLD, "lots"));
        try (Fixture f = new Fixture(b -> b.source(store))) {
            Guard guard = f.semaphoreGuard("orders", c -> { });
            assertThat(guard.controls().config().timeout().timeout()).isEqualTo(Duration.ofMillis(700));
            assertThat(guard.controls().config().breaker().errorThresholdPercentage()).isEqualTo(50);
            assertThat(f.events(ConfigEvent.Kind.REFUSED)).singleElement()
                    .satisfies(e -> assertThat(e.message()).doesNotContain("refused whole"));
        }
    }

    @Test
    void aSourceThatIsNotAStoreStillAppliesItsValidKeys() {
        Store file = new Store(false);
        file.write(Map.of(TIMEOUT, "700", THRESHOLD, "40"));
        try (Fixture f = new Fixture(b -> b.source(file))) {
            Guard guard = f.semaphoreGuard("orders", c -> { });
            file.write(Map.of(TIMEOUT, "900", THRESHOLD, "lots"));
            f.config.refresh();
            assertThat(guard.controls().config().timeout().timeout()).isEqualTo(Duration.ofMillis(900));
            assertThat(guard.controls().config().breaker().errorThresholdPercentage()).isEqualTo(40);
            assertThat(f.events(ConfigEvent.Kind.REFUSED)).singleElement()
                    .satisfies(e -> assertThat(e.message()).doesNotContain("refused whole"));
        }
    }

    @Test
    void aStoreThatLostMostKeysSettlesOnTimeAndAnyOtherChangeAppliesAtOnce() {
        Store store = new Store(true);
        Map<String, String> four = Map.of(TIMEOUT, "700", THRESHOLD, "40", VOLUME, "5", SLEEP, "2000");
        store.write(four);
        try (Fixture f = new Fixture(b -> b.source(store).suspectSettle(Duration.ofSeconds(10)))) {
            Guard guard = f.semaphoreGuard("orders", c -> { });
            Map<String, String> changed = new HashMap<>(four);
            changed.put(TIMEOUT, "800");
            store.write(changed);
            f.config.refresh();
            assertThat(guard.controls().config().timeout().timeout()).as("an ordinary change: at the read that sees it")
                    .isEqualTo(Duration.ofMillis(800));

            store.write(Map.of(TIMEOUT, "800")); // three of four keys gone: a rewrite half done, or meant
            for (int i = 0; i < 5; i++) {
                f.clock.advance(Duration.ofSeconds(2).minusMillis(1));
                f.config.refresh();
                assertThat(guard.controls().config().breaker().errorThresholdPercentage()).as("held, read %s", i)
                        .isEqualTo(40);
            }
            assertThat(f.events(ConfigEvent.Kind.SOURCE_SUSPECT)).singleElement()
                    .satisfies(e -> assertThat(e.message()).contains("1 of the 4 keys", "10000 ms"));

            store.write(changed); // the writer put them back: applies at once, nothing was lost
            f.config.refresh();
            assertThat(guard.controls().config().breaker().errorThresholdPercentage()).isEqualTo(40);

            store.write(Map.of(TIMEOUT, "800")); // and now meant: applies after the settle time
            f.config.refresh();
            f.clock.advance(Duration.ofSeconds(10));
            for (int i = 0; i < 4; i++) {
                f.config.refresh();
            }
            assertThat(guard.controls().config().breaker().errorThresholdPercentage()).as("the code's default again")
                    .isEqualTo(50);
            assertThat(guard.controls().config().timeout().timeout()).isEqualTo(Duration.ofMillis(800));
        }
    }
}
