package dev.firebreak.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.GuardConfig;
import dev.firebreak.breaker.CircuitBreaker;
import dev.firebreak.breaker.CircuitBreakers;
import dev.firebreak.event.EventType;
import dev.firebreak.testkit.ManualClock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** The rolling and health counts equal the events recorded inside the window, whatever the history. */
class GuardMetricsPropertyTest {

    private static final long MS = 1_000_000L;

    /** One recorded call: wait {@code advanceMillis}, then record {@code type}. */
    record Step(long advanceMillis, EventType type) {
    }

    @Provide
    Arbitrary<List<Step>> histories() {
        Arbitrary<Step> step = Combinators.combine(
                Arbitraries.frequencyOf(
                        net.jqwik.api.Tuple.of(6, Arbitraries.longs().between(0, 50)),
                        net.jqwik.api.Tuple.of(3, Arbitraries.longs().between(0, 1_500)),
                        net.jqwik.api.Tuple.of(1, Arbitraries.longs().between(0, 25_000))),
                Arbitraries.of(EventType.class).filter(t -> t.kind() == EventType.Kind.EXECUTION))
                .as(Step::new);
        return step.list().ofMaxSize(300);
    }

    @Provide
    Arbitrary<Long> origins() {
        return Arbitraries.oneOf(Arbitraries.longs(), Arbitraries.of(0L, -1L, Long.MAX_VALUE, Long.MIN_VALUE,
                Long.MAX_VALUE - 5_000 * MS));
    }

    @Property(tries = 300)
    void countsEqualTheEventsInsideTheWindow(@ForAll("histories") List<Step> history, @ForAll("origins") long origin,
            @ForAll("geometries") int[] geometry) {
        int windowMillis = geometry[0];
        int buckets = geometry[1];
        ManualClock clock = new ManualClock(origin);
        GuardConfig config = GuardConfig.builder().metrics(mt -> mt.rollingStatsWindow(Duration.ofMillis(windowMillis))
                .rollingStatsBuckets(buckets)).build();
        MetricsRecorder recorder = new MetricsRecorder(config.metrics(), clock,
                CircuitBreakers.view(CircuitBreaker.alwaysClosed(), clock));
        GuardMetrics metrics = recorder.metrics();
        long bucketNanos = windowMillis * MS / buckets;
        List<long[]> recorded = new ArrayList<>(); // {elapsed nanos since origin, ordinal}
        for (Step step : history) {
            clock.advance(step.advanceMillis() * MS);
            recorder.record(step.type().bit(), 0, 0, clock.read());
            recorded.add(new long[] {clock.read() - origin, step.type().ordinal()});
            if (recorded.size() % 37 == 0) {
                assertMatches(metrics, recorded, clock.read() - origin, bucketNanos, buckets);
            }
        }
        assertMatches(metrics, recorded, clock.read() - origin, bucketNanos, buckets);
    }

    @Provide
    Arbitrary<int[]> geometries() {
        return Arbitraries.of(new int[] {10_000, 10}, new int[] {1_000, 4}, new int[] {60_000, 6}, new int[] {7, 7},
                new int[] {3_000, 1});
    }

    /** The model: an event is in the window at {@code now} if its bucket is one of the last {@code buckets}. */
    private static void assertMatches(GuardMetrics metrics, List<long[]> recorded, long now, long bucketNanos, int buckets) {
        long[] expected = new long[EventType.count()];
        long[] cumulative = new long[EventType.count()];
        long nowBucket = Math.floorDiv(now, bucketNanos);
        for (long[] event : recorded) {
            cumulative[(int) event[1]]++;
            if (Math.floorDiv(event[0], bucketNanos) > nowBucket - buckets) {
                expected[(int) event[1]]++;
            }
        }
        GuardMetricsSnapshot snapshot = metrics.snapshot();
        assertThat(snapshot.rolling().byOrdinal()).containsExactly(expected);
        assertThat(snapshot.cumulative().byOrdinal()).containsExactly(cumulative);
        long errors = 0;
        for (EventType type : EventType.values()) {
            if (type.isError()) {
                errors += expected[type.ordinal()];
            }
        }
        long requests = expected[EventType.SUCCESS.ordinal()] + errors;
        // The window's health figures; the snapshot publishes them paced (HealthSnapshotPacingTest).
        HealthCounts health = snapshot.rolling().health();
        assertThat(health.requestCount()).isEqualTo(requests);
        assertThat(health.errorCount()).isEqualTo(errors);
        assertThat(health.errorPercentage()).isEqualTo(requests == 0 ? 0 : (int) (100 * errors / requests));
    }
}
