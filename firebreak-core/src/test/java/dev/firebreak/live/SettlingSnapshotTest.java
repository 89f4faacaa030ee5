package dev.firebreak.live;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The stability rule as arithmetic on read times (nanoseconds), near the overflow edge too. */
class SettlingSnapshotTest {

    private static final long SECOND = 1_000_000_000L;
    private static final Map<String, String> OLD = Map.of("a", "1", "b", "2", "c", "3", "d", "4");
    private static final Map<String, String> NEW = Map.of("a", "9", "b", "2", "c", "3", "d", "4");

    private final List<ConfigEvent> events = new ArrayList<>();

    @Test
    void theFirstReadAppliesAtOnceAndAChangeAppliesOnlyWhenReadUnchangedAnIntervalLater() {
        long t = Long.MAX_VALUE - SECOND; // reads straddle the overflow of nanoTime
        SettlingSnapshot gate = new SettlingSnapshot("f", SECOND, 0);
        assertThat(gate.offer(OLD, null, t, events)).isSameAs(OLD);
        assertThat(gate.offer(NEW, OLD, t + SECOND, events)).isSameAs(OLD); // seen
        assertThat(gate.offer(NEW, OLD, t + SECOND + SECOND / 2, events)).isSameAs(OLD); // a push: too soon
        assertThat(gate.offer(NEW, OLD, t + 2 * SECOND, events)).isSameAs(NEW);
        assertThat(events).isEmpty();
    }

    @Test
    void anotherSnapshotOrAFailedReadStartsTheCountAgain() {
        SettlingSnapshot gate = new SettlingSnapshot("f", SECOND, 0);
        gate.offer(OLD, null, 0, events);
        gate.offer(NEW, OLD, SECOND, events);
        gate.failed();
        assertThat(gate.offer(NEW, OLD, 2 * SECOND, events)).isSameAs(OLD);
        assertThat(gate.offer(Map.of("a", "8", "b", "2", "c", "3", "d", "4"), OLD, 3 * SECOND, events)).isSameAs(OLD);
        assertThat(gate.offer(NEW, OLD, 4 * SECOND, events)).isSameAs(OLD);
        assertThat(gate.offer(NEW, OLD, 5 * SECOND, events)).isSameAs(NEW);
    }

    @Test
    void withoutPollingTwoConsecutiveReadsAgreeingIsEnough() {
        SettlingSnapshot gate = new SettlingSnapshot("f", 0, 0);
        gate.offer(OLD, null, 0, events);
        assertThat(gate.offer(NEW, OLD, 0, events)).isSameAs(OLD);
        assertThat(gate.offer(NEW, OLD, 0, events)).isSameAs(NEW);
    }

    @Test
    void keepingFewerThanHalfOfTheKeysInForceIsSuspect() {
        assertThat(SettlingSnapshot.isSuspect(Map.of("a", "1", "b", "2"), OLD)).isFalse(); // exactly half kept
        assertThat(SettlingSnapshot.isSuspect(Map.of("a", "1", "x", "2", "y", "3"), OLD)).isTrue();
        assertThat(SettlingSnapshot.isSuspect(Map.of(), Map.of("a", "1"))).isTrue();
        assertThat(SettlingSnapshot.isSuspect(Map.of("a", "1"), Map.of())).isFalse(); // nothing to lose
    }

    @Test
    void aSuspectSnapshotIsReportedOnceAndWaitsThreeIntervalsAndFourReads() {
        SettlingSnapshot gate = new SettlingSnapshot("f", SECOND, 0);
        gate.offer(OLD, null, 0, events);
        Map<String, String> empty = Map.of();
        assertThat(gate.offer(empty, OLD, SECOND, events)).isSameAs(OLD);
        assertThat(gate.offer(empty, OLD, 2 * SECOND, events)).isSameAs(OLD);
        assertThat(gate.offer(empty, OLD, 3 * SECOND, events)).isSameAs(OLD);
        assertThat(gate.offer(empty, OLD, 4 * SECOND - 1, events)).isSameAs(OLD); // four reads, not 3 intervals
        assertThat(gate.offer(empty, OLD, 4 * SECOND, events)).isSameAs(empty);
        assertThat(events).singleElement().satisfies(e -> {
            assertThat(e.kind()).isEqualTo(ConfigEvent.Kind.SOURCE_SUSPECT);
            assertThat(e.message()).contains("source f", "0 of the 4 keys", "3000 ms");
        });
    }

    @Test
    void aSuspectSnapshotSettlesOnTimeNotOnACountOfPolls() {
        long poll = 5_000_000L; // 5 ms polls, a 30 s settle time
        SettlingSnapshot gate = new SettlingSnapshot("f", poll, 30 * SECOND);
        gate.offer(OLD, null, 0, events);
        Map<String, String> empty = Map.of();
        long t = poll;
        for (int i = 0; i < 6_000; i++, t += poll) { // 6,000 reads, 30 s less one poll
            assertThat(gate.offer(empty, OLD, t, events)).as("read at %d ns", t).isSameAs(OLD);
        }
        assertThat(gate.offer(empty, OLD, poll + 30 * SECOND, events)).isSameAs(empty);
        assertThat(events).singleElement().satisfies(e -> assertThat(e.message()).contains("30000 ms"));
    }

    @Test
    void anOrdinaryChangeStillAppliesOnePollLaterWhateverTheSettleTime() {
        SettlingSnapshot gate = new SettlingSnapshot("f", SECOND, 30 * SECOND);
        gate.offer(OLD, null, 0, events);
        assertThat(gate.offer(NEW, OLD, SECOND, events)).isSameAs(OLD);
        assertThat(gate.offer(NEW, OLD, 2 * SECOND, events)).isSameAs(NEW);
    }

    @Test
    void theSettleTimeNearTheOverflowEdgeSaturates() {
        SettlingSnapshot gate = new SettlingSnapshot("f", Long.MAX_VALUE / 2, 0); // 3 polls would overflow
        gate.offer(OLD, null, 0, events);
        assertThat(gate.offer(Map.of(), OLD, 1, events)).isSameAs(OLD);
        assertThat(gate.offer(Map.of(), OLD, 2, events)).isSameAs(OLD);
        assertThat(gate.offer(Map.of(), OLD, 3, events)).isSameAs(OLD);
        assertThat(gate.offer(Map.of(), OLD, 4, events)).isSameAs(OLD);
    }
}
