package dev.firebreak.collapse;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.event.EventType;
import dev.firebreak.support.CallerKind;
import dev.firebreak.testkit.Await;
import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A caller blocked in {@link Collapser#execute} and interrupted after its request already has an
 * outcome (here: while its fallback runs) gets that outcome, the one the collapser's metrics record,
 * with its interrupt flag set; it is not told CANCELLED.
 */
class InterruptedCollapsedCallerTest {

    private final CollapserFixture f = new CollapserFixture();

    @ParameterizedTest(name = "{0} caller")
    @EnumSource(CallerKind.class)
    void aCallerInterruptedWhileItsFallbackRunsGetsTheFallbacksValue(CallerKind kind) throws Exception {
        CountDownLatch fallbackEntered = new CountDownLatch(1);
        CountDownLatch releaseFallback = new CountDownLatch(1);
        Collapser<Integer, String> collapser = f.builder("timer")
                .configure(c -> c.dispatchStrategy(DispatchStrategy.TIMER).timerDelay(Duration.ofMillis(10)))
                .fallback((argument, failure) -> {
                    fallbackEntered.countDown();
                    releaseFallback.await();
                    return "fallback" + argument;
                }).build();
        AtomicReference<Object> seen = new AtomicReference<>();
        AtomicBoolean flagSet = new AtomicBoolean();
        Thread caller = kind.start(() -> {
            try {
                seen.set(collapser.execute(7));
            } catch (Throwable thrown) {
                seen.set(thrown);
            }
            flagSet.set(Thread.currentThread().isInterrupted());
        });
        Await.until("the request is queued", () -> collapser.globalQueue().waiting() == 1);
        f.advanceMillis(10);
        Await.until("the batch call started", () -> f.downstream.calls.size() == 1);
        Thread failing = Thread.ofVirtual().start(
                () -> f.downstream.call(0).response().completeExceptionally(new IOException("down")));
        assertThat(fallbackEntered.await(20, TimeUnit.SECONDS)).as("the fallback started").isTrue();

        caller.interrupt();
        Await.until("the caller took its interrupt", () -> caller.getState() == Thread.State.TERMINATED
                || (caller.getState() == Thread.State.WAITING && !caller.isInterrupted()));
        releaseFallback.countDown();
        caller.join(20_000);
        failing.join(20_000);

        assertThat(seen.get()).as("what the caller got").isEqualTo("fallback7");
        assertThat(flagSet.get()).as("the caller's interrupt flag is set again").isTrue();
        assertThat(collapser.metrics().cumulativeCount(EventType.FALLBACK_SUCCESS)).isEqualTo(1);
        assertThat(collapser.metrics().cumulativeCount(EventType.CANCELLED)).isZero();
    }
}
