package dev.firebreak.collapse;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.event.EventType;
import dev.firebreak.testkit.Await;
import dev.firebreak.testkit.ManualClock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.Test;

/**
 * The requests' own deadlines kept in order behind one timer per queue ({@link Deadlines}): each request
 * still expires exactly at its own deadline, answered requests leave nothing behind, and a shorter
 * deadline arriving after longer ones is not held back by them.
 */
class OwnDeadlinesTest {

    private final CollapserFixture f = new CollapserFixture();

    @Test
    void eachRequestExpiresAtItsOwnDeadlineNotAtItsNeighbours() {
        Collapser<Integer, String> c = f.builder("d").configure(cfg -> cfg.dispatchStrategy(DispatchStrategy.TIMER)
                .timerDelay(Duration.ofMillis(60_000))).requestTimeout(Duration.ofMillis(50)).build();
        int idle = f.clock.pendingTasks();
        CompletableFuture<String> first = c.submit(1);
        f.advanceMillis(10);
        CompletableFuture<String> second = c.submit(2);
        assertThat(f.clock.pendingTasks() - idle).as("the window and one deadline timer, not one task per request")
                .isEqualTo(2);
        f.advanceMillis(39);
        assertThat(first).isNotDone();
        f.advanceMillis(1);
        assertThat(reasonOf(first)).isEqualTo(CollapseException.Reason.TIMEOUT);
        assertThat(second).isNotDone();
        f.advanceMillis(9);
        assertThat(second).isNotDone();
        f.advanceMillis(1);
        assertThat(reasonOf(second)).isEqualTo(CollapseException.Reason.TIMEOUT);
        assertThat(c.globalQueue().deadlinesTracked()).isZero();
        assertThat(c.metrics().cumulativeCount(EventType.TIMEOUT)).isEqualTo(2);
    }

    @Test
    void answeredRequestsLeaveNoDeadlineBehind() {
        Collapser<Integer, String> c = f.timer(10);
        int idle = f.clock.pendingTasks();
        List<CompletableFuture<String>> futures = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            futures.add(c.submit(i));
        }
        f.advanceMillis(10);
        f.answer(0);
        Await.until("the batch ended", () -> c.metrics().batchesInFlight() == 0);
        assertThat(c.globalQueue().deadlinesTracked()).isZero();
        assertThat(f.clock.pendingTasks()).as("no deadline timer once nothing is watched").isEqualTo(idle);
        f.advanceMillis(c.deadlineNanos() / 1_000_000 + 1);
        for (int i = 0; i < 3; i++) {
            assertThat(futures.get(i)).isCompletedWithValue("v" + i);
        }
        assertThat(c.metrics().cumulativeCount(EventType.TIMEOUT)).isZero();
    }

    @Test
    void answeredRequestsBehindAPendingOneAreCompactedAway() {
        Collapser<Integer, String> c = f.builder("one").configure(cfg -> cfg.dispatchStrategy(DispatchStrategy.TIMER)
                .maxRequestsInBatch(1)).build();
        CompletableFuture<String> stuck = c.submit(0); // its call is never answered: it keeps the head
        for (int i = 1; i <= 1_000; i++) {
            CompletableFuture<String> answered = c.submit(i);
            f.answer(i);
            assertThat(answered).isCompletedWithValue("v" + i);
            assertThat(c.globalQueue().deadlinesTracked()).isLessThanOrEqualTo(64);
        }
        assertThat(stuck).isNotDone();
    }

    @Test
    void aShorterDeadlineAfterLongerOnesIsRefusedInOrderAndArmedAlone() {
        Collapser<Integer, String> c = f.timer(10);
        Deadlines<Integer, String> deadlines = new Deadlines<>();
        CollapsedRequest<Integer, String> early = request(c, 1);
        CollapsedRequest<Integer, String> late = request(c, 2);
        CollapsedRequest<Integer, String> shorter = request(c, 3);
        assertThat(deadlines.add(early, 100)).isTrue();
        assertThat(deadlines.add(late, 300)).isTrue();
        assertThat(deadlines.add(shorter, 200)).as("would break the order").isFalse();
        assertThat(deadlines.size()).isEqualTo(2);
    }

    @Test
    void theTimerFiresForTheHeadTakesWhatIsDueAndSkipsTheAnswered() {
        Collapser<Integer, String> c = f.timer(10);
        ManualClock clock = new ManualClock(0);
        Deadlines<Integer, String> deadlines = new Deadlines<>();
        List<Long> fired = new ArrayList<>();
        CollapsedRequest<Integer, String> one = request(c, 1);
        CollapsedRequest<Integer, String> two = request(c, 2);
        CollapsedRequest<Integer, String> three = request(c, 3);
        deadlines.add(one, 100);
        deadlines.add(two, 150);
        deadlines.add(three, 200);
        deadlines.arm(0, clock, fired::add);
        deadlines.arm(0, clock, fired::add); // armed already, no later than needed: no second task
        assertThat(clock.pendingDelays()).containsExactly(100L);
        clock.advance(99);
        assertThat(fired).isEmpty();
        clock.advance(1);
        assertThat(fired).hasSize(1);
        assertThat(deadlines.fired(fired.get(0))).isTrue();
        assertThat(deadlines.fired(fired.get(0))).as("only once").isFalse();
        assertThat(deadlines.takeDue(100)).containsExactly(one);
        two.succeed("answered");
        deadlines.arm(100, clock, fired::add);
        clock.advance(100);
        assertThat(fired).hasSize(2);
        assertThat(deadlines.fired(fired.get(1))).isTrue();
        assertThat(deadlines.takeDue(200)).as("the answered one is dropped, not expired").containsExactly(three);
        assertThat(deadlines.size()).isZero();
    }

    private static CollapsedRequest<Integer, String> request(Collapser<Integer, String> c, int argument) {
        return new CollapsedRequest<>(c, argument, null, null);
    }

    private static CollapseException.Reason reasonOf(CompletableFuture<?> future) {
        Await.until("the request completed", future::isDone);
        try {
            future.join();
            throw new AssertionError("not failed");
        } catch (CompletionException e) {
            return ((CollapseException) e.getCause()).reason();
        }
    }
}
