package dev.firebreak.time;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.firebreak.testkit.Await;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * {@link CoarseClock}'s rules, one at a time: the steps driven by hand (no thread, a counting source),
 * then the real ticking thread, observed only through conditions awaited (never through timings).
 */
class CoarseClockTest {

    /** A source that counts its readings and returns the value set. */
    private static final class Source implements Ticker {
        final AtomicLong now = new AtomicLong();
        final AtomicInteger reads = new AtomicInteger();

        Source(long origin) {
            now.set(origin);
        }

        @Override
        public long read() {
            reads.incrementAndGet();
            return now.get();
        }
    }

    @Test
    void aStoppedClocksReaderReadsTheSourceAndRestartsItOnce() {
        Source source = new Source(-5_000L);
        AtomicInteger wakes = new AtomicInteger();
        CoarseClock clock = new CoarseClock(source, 3, wakes::incrementAndGet);
        assertThat(clock.isStopped()).as("it starts stopped").isTrue();

        assertThat(clock.read()).isEqualTo(-5_000L);
        assertThat(wakes.get()).isEqualTo(1);
        assertThat(clock.isStopped()).isFalse();
        source.now.set(-4_000L);
        assertThat(clock.read()).as("running, unticked: the restarter's reading, without the source").isEqualTo(-5_000L);
        assertThat(source.reads.get()).isEqualTo(1);
        assertThat(wakes.get()).isEqualTo(1);
        assertThat(clock.restarts()).isEqualTo(clock.stops()).isEqualTo(1);
    }

    @Test
    void eachTickPublishesTheSourceAndReadersTakeItWithoutReadingTheSource() {
        Source source = new Source(Long.MAX_VALUE - 1_500L);
        CoarseClock clock = new CoarseClock(source, 1_000, () -> { });
        clock.read();
        for (int i = 1; i <= 3; i++) {
            source.now.addAndGet(1_000L); // crosses the wrap
            assertThat(clock.tick()).isTrue();
            int reads = source.reads.get();
            assertThat(clock.read()).isEqualTo(Long.MAX_VALUE - 1_500L + i * 1_000L);
            assertThat(source.reads.get()).isEqualTo(reads);
        }
    }

    @Test
    void aLapUnreadStopsTheClockAndALapReadDoesNot() {
        Source source = new Source(0L);
        AtomicInteger wakes = new AtomicInteger();
        CoarseClock clock = new CoarseClock(source, 2, wakes::incrementAndGet);
        clock.read(); // restarts it, which is demand: the first lap goes on
        assertThat(clock.tick()).isTrue();
        assertThat(clock.tick()).as("end of a lap that was read").isTrue();
        assertThat(clock.tick()).isTrue();
        clock.read();
        assertThat(clock.tick()).as("end of a lap read once").isTrue();
        assertThat(clock.tick()).isTrue();
        assertThat(clock.tick()).as("end of a lap nobody read: stopped").isFalse();
        assertThat(clock.isStopped()).isTrue();
        assertThat(clock.tick()).as("stopped: the thread waits for a restart").isFalse();
        assertThat(clock.stops()).isEqualTo(2);
        assertThat(clock.restarts()).isEqualTo(1);

        source.now.set(7L);
        assertThat(clock.read()).isEqualTo(7L);
        assertThat(clock.restarts()).isEqualTo(2);
        assertThat(wakes.get()).isEqualTo(2);
    }

    @Test
    void aSourceReadingEqualToTheSentinelIsStoredOneNanosecondBefore() {
        Source source = new Source(CoarseClock.STOPPED);
        CoarseClock clock = new CoarseClock(source, 1_000, () -> { });
        long restarted = clock.read();
        assertThat(restarted).isEqualTo(Long.MAX_VALUE); // STOPPED - 1, wrapped
        assertThat(clock.isStopped()).isFalse();
        source.now.set(CoarseClock.STOPPED + 1);
        clock.tick();
        assertThat(clock.read() - restarted).as("still monotonic by subtraction").isEqualTo(2L);
    }

    @Test
    void parametersMustBePositive() {
        assertThatThrownBy(() -> new CoarseClock("firebreak-clock-bad", System::nanoTime, 0L, 1))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new CoarseClock("firebreak-clock-bad", System::nanoTime, 1L, 0))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void theThreadTicksWhileReadThenStopsAndARestartStartsItAgain() {
        Source source = new Source(0L);
        CoarseClock clock = new CoarseClock("firebreak-clock-test-1", source, 1_000_000L, 200); // stops 0.2-0.4 s unread
        assertThat(clock.read()).isZero();
        source.now.set(42L);
        Await.until("the thread published the source's new reading", () -> clock.read() == 42L);
        assertThat(clock.restarts()).as("by its ticks, not by a restart").isEqualTo(1);

        Await.until("the clock stopped, unread", clock::isStopped);
        source.now.set(43L);
        assertThat(clock.read()).isEqualTo(43L);
        assertThat(clock.restarts()).isEqualTo(2);
        source.now.set(44L);
        Await.until("the restarted thread ticks again", () -> clock.read() == 44L);
        assertThat(clock.restarts()).isEqualTo(clock.stops()).isEqualTo(2);
    }

    @Test
    void theSystemTickersCoarseReadingIsNeverAheadOfItsPreciseOneAndFollowsIt() {
        Ticker system = Ticker.system();
        long previous = system.readCoarse();
        for (int i = 0; i < 10_000; i++) {
            long coarse = system.readCoarse();
            long precise = system.read();
            assertThat(precise - coarse).as("never ahead").isNotNegative();
            assertThat(coarse - previous).as("monotonic").isNotNegative();
            previous = coarse;
        }
        long before = system.read();
        Await.until("the coarse reading passed a precise one", () -> system.readCoarse() - before > 0);
    }

    @Test
    void aTickerThatOnlyReadsIsExactWhenReadCoarsely() {
        AtomicLong now = new AtomicLong(123L);
        Ticker manual = now::get;
        assertThat(manual.readCoarse()).isEqualTo(123L);
        now.set(124L);
        assertThat(manual.readCoarse()).isEqualTo(124L);
    }
}
