package dev.firebreak.live;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Each source's state as the configuration reports it: keys, revision, and how long a failing one has failed. */
class SourceStatusTest {

    /** A store stand-in that can be taken down, whose revision moves with each write. */
    private static final class Store implements PropertySource {
        volatile boolean down;
        volatile Map<String, String> values = Map.of();
        volatile long revision;

        void write(Map<String, String> next) {
            values = next;
            revision++;
        }

        @Override
        public String name() {
            return "store";
        }

        @Override
        public Map<String, String> read() throws IOException {
            if (down) {
                throw new IOException("store unreachable");
            }
            return values;
        }

        @Override
        public String snapshotRevision() {
            return "r" + revision;
        }
    }

    @Test
    void aFailingSourceReportsHowLongItHasFailedAndKeepsItsKeysUntilItRecovers() {
        Store store = new Store();
        store.write(Map.of("firebreak.command.orders.circuitBreaker.forceOpen", "true", "other.key", "x"));
        try (Fixture f = new Fixture(b -> b.source(store))) {
            f.source.set("firebreak.command.default.requestLog.enabled", "false");
            List<SourceStatus> up = f.config.sources();
            assertThat(up).extracting(SourceStatus::name).containsExactly("test", "store");
            SourceStatus fine = up.get(1);
            assertThat(fine.keys()).containsExactly("firebreak.command.orders.circuitBreaker.forceOpen");
            assertThat(fine.revision()).isEqualTo("r1");
            assertThat(fine.failing()).isFalse();
            assertThat(fine.failure()).isNull();
            assertThat(fine.failingFor()).isEqualTo(Duration.ZERO);
            assertThat(up.get(0).revision()).isNull(); // a source without revisions
            assertThat(up.get(0).keys()).containsExactly("firebreak.command.default.requestLog.enabled");

            store.down = true;
            f.config.refresh();
            f.clock.advance(Duration.ofSeconds(5));
            f.config.refresh(); // still down: the failure keeps its start
            SourceStatus stale = f.config.sources().get(1);
            assertThat(stale.failing()).isTrue();
            assertThat(stale.failure()).isEqualTo("store unreachable");
            assertThat(stale.failingFor()).isEqualTo(Duration.ofSeconds(5));
            assertThat(stale.keys()).containsExactly("firebreak.command.orders.circuitBreaker.forceOpen"); // kept
            assertThat(stale.revision()).isEqualTo("r1");
            assertThat(f.events(ConfigEvent.Kind.SOURCE_FAILED)).hasSize(1);

            store.down = false;
            store.write(Map.of("firebreak.command.orders.circuitBreaker.forceClosed", "true"));
            f.config.refresh();
            SourceStatus back = f.config.sources().get(1);
            assertThat(back.failing()).isFalse();
            assertThat(back.failingFor()).isEqualTo(Duration.ZERO);
            assertThat(back.revision()).isEqualTo("r2");
            assertThat(back.keys()).containsExactly("firebreak.command.orders.circuitBreaker.forceClosed");
        }
    }
}
