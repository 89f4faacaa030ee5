package dev.firebreak.ratelimit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.testkit.Await;
import dev.firebreak.testkit.ManualClock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Waiting callers are served in arrival order and never past their wait, on the manual clock: at
 * 10 a second with a burst of 1 and a 350 ms wait, callers arriving together are granted at 0, 100,
 * 200 and 300 ms; the fifth (400 ms away) is refused at once rather than kept waiting past 350 ms.
 */
class WaitingOrderTest {

    private static final long MS = 1_000_000L;

    @Test
    void waitingCallersAreGrantedInArrivalOrderAtTheirReservedTimesAndNeverPastTheirWait() throws Exception {
        ManualClock clock = new ManualClock();
        RateLimiter limiter = new RateLimiter(RateLimitConfig.builder().enabled(true).permitsPerSecond(10).burst(1)
                .maxWait(Duration.ofMillis(350)).build(), clock);
        List<String> served = new CopyOnWriteArrayList<>();
        List<CompletableFuture<Boolean>> callers = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            String name = "caller" + i;
            int waitingBefore = limiter.waiting();
            CompletableFuture<Boolean> caller = new CompletableFuture<>();
            Thread.ofVirtual().start(() -> {
                boolean admitted = limiter.enter(clock.read()) != null;
                if (admitted) {
                    served.add(name + "@" + clock.read() / MS);
                }
                caller.complete(admitted);
            });
            callers.add(caller);
            // the next caller arrives only once this one is waiting, admitted or refused: arrival order is known
            Await.until(name + " decided or waiting", () -> caller.isDone() || limiter.waiting() > waitingBefore);
        }
        assertThat(callers.get(0).get(10, TimeUnit.SECONDS)).as("a full bucket: at once").isTrue();
        assertThat(callers.get(4).get(10, TimeUnit.SECONDS)).as("400 ms > 350 ms wait: refused at once").isFalse();
        assertThat(callers.get(5).get(10, TimeUnit.SECONDS)).isFalse();
        assertThat(limiter.waiting()).isEqualTo(3);

        for (int step = 1; step <= 3; step++) {
            clock.advance(100 * MS);
            int granted = step;
            assertThat(callers.get(granted).get(10, TimeUnit.SECONDS)).isTrue();
            Await.until("only the callers due are served", () -> limiter.waiting() == 3 - granted);
            for (int later = granted + 1; later <= 3; later++) {
                assertThat(callers.get(later)).as("caller%d still waits", later).isNotDone();
            }
        }
        assertThat(served).containsExactly("caller0@0", "caller1@100", "caller2@200", "caller3@300");
    }

    @Test
    void anInterruptedWaiterGivesUpWithItsInterruptKept() throws Exception {
        ManualClock clock = new ManualClock();
        RateLimiter limiter = new RateLimiter(RateLimitConfig.builder().enabled(true).permitsPerSecond(1).burst(1)
                .maxWait(Duration.ofSeconds(5)).build(), clock);
        assertThat(limiter.enter(clock.read())).isNotNull();
        CompletableFuture<String> outcome = new CompletableFuture<>();
        Thread waiter = Thread.ofVirtual().start(() -> outcome.complete(
                (limiter.enter(clock.read()) == null ? "refused" : "admitted") + ", interrupted="
                        + Thread.currentThread().isInterrupted()));
        Await.until("the second caller waits", () -> limiter.waiting() == 1);
        waiter.interrupt();
        assertThat(outcome.get(10, TimeUnit.SECONDS)).isEqualTo("refused, interrupted=true");
        assertThat(limiter.refused()).isEqualTo(1);
    }
}
