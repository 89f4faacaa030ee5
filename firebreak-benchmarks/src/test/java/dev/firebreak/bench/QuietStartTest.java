package dev.firebreak.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The wait for a quiet machine before a full run, on a manual clock: every sleep advances it. */
class QuietStartTest {

    private long nanos;
    private int sleeps;
    private final ByteArrayOutputStream printed = new ByteArrayOutputStream();

    private QuietStart withLoads(Double... ones) {
        Deque<Double> queue = new ArrayDeque<>(List.of(ones));
        return new QuietStart(() -> new LoadAverage(queue.size() > 1 ? queue.poll() : queue.peek(), 0, 0), () -> nanos,
                millis -> {
                    sleeps++;
                    nanos += Duration.ofMillis(millis).toNanos();
                }, new PrintStream(printed, true, StandardCharsets.UTF_8));
    }

    @Test
    void aQuietMachineStartsAtOnce() throws Exception {
        LoadAverage load = withLoads(0.9).await(2, Duration.ofMinutes(2));
        assertThat(load.one()).isEqualTo(0.9);
        assertThat(sleeps).isZero();
        assertThat(printed.toString(StandardCharsets.UTF_8)).isEmpty();
    }

    @Test
    void aBusyMachineIsWaitedForUntilItsLoadFallsToHalfTheCores() throws Exception {
        LoadAverage load = withLoads(1.8, 1.5, 1.2, 1.0).await(2, Duration.ofMinutes(2));
        assertThat(load.one()).isEqualTo(1.0); // exactly half the cores is quiet enough
        assertThat(sleeps).isEqualTo(3);
        assertThat(printed.toString(StandardCharsets.UTF_8)).contains("waiting for the 1-minute load")
                .contains("settled after 15 s");
    }

    @Test
    void theWaitEndsWhenItsTimeRunsOutAndTheRunStartsAnyway() throws Exception {
        LoadAverage load = withLoads(3.0).await(2, Duration.ofSeconds(20));
        assertThat(load.one()).isEqualTo(3.0);
        assertThat(sleeps).isEqualTo(4); // 4 x 5 s
        assertThat(printed.toString(StandardCharsets.UTF_8)).contains("still busy after 20 s");
    }

    @Test
    void anUnknownLoadDoesNotWait() throws Exception {
        assertThat(withLoads(Double.NaN).await(2, Duration.ofMinutes(2)).one()).isNaN();
        assertThat(sleeps).isZero();
    }
}
