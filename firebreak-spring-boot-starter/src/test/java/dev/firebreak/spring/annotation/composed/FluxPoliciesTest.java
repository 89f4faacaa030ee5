package dev.firebreak.spring.annotation.composed;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.CallFailedException;
import dev.firebreak.GuardTimeoutException;
import dev.firebreak.GuardRegistry;
import dev.firebreak.event.EventType;
import dev.firebreak.hedge.Hedge;
import dev.firebreak.hedge.HedgeRegistry;
import dev.firebreak.retry.Retry;
import dev.firebreak.retry.RetryRegistry;
import dev.firebreak.spring.annotation.composed.ComposedApplications.Feeds;
import dev.firebreak.testkit.Await;
import dev.firebreak.testkit.ManualClock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import reactor.core.Disposable;
import reactor.core.publisher.Flux;

/**
 * A retry, a hedge or both declared on a {@code Flux} method, in a real Spring context on a manual clock:
 * a stream that fails before its first element is called again, one that fails after it passes the error
 * on; the first attempt to emit wins a hedge and the others see their cancel; each attempt is guarded.
 */
class FluxPoliciesTest {

    private static final long MS = 1_000_000L;

    private ConfigurableApplicationContext context;
    private Feeds feeds;
    private ManualClock clock;
    private GuardRegistry registry;

    @BeforeEach
    void start() {
        context = new SpringApplicationBuilder(ComposedApplications.App.class).web(WebApplicationType.NONE)
                .properties(ComposedApplications.properties()).run();
        feeds = context.getBean(Feeds.class);
        clock = context.getBean(ManualClock.class);
        registry = context.getBean(GuardRegistry.class);
    }

    @AfterEach
    void stop() {
        context.close();
    }

    /** What a subscriber received: its elements, its error, whether it completed. */
    private static final class Received {
        final List<String> elements = new CopyOnWriteArrayList<>();
        final AtomicReference<Throwable> error = new AtomicReference<>();
        final AtomicBoolean completed = new AtomicBoolean();
        Disposable subscription;

        static Received from(Flux<String> flux) {
            Received received = new Received();
            received.subscription = flux.subscribe(received.elements::add, received.error::set,
                    () -> received.completed.set(true));
            return received;
        }

        void awaitEnd() {
            Await.until("the stream's end", () -> completed.get() || error.get() != null,
                    () -> "elements: " + elements);
        }
    }

    private void awaitCalls(int count) {
        Await.until(count + " calls of the method", () -> feeds.sinks().size() == count,
                () -> "calls: " + feeds.sinks().size());
    }

    private void moveAfterPending(long millis) {
        Await.until("a " + millis + " ms timer", () -> clock.pendingDelays().contains(millis * MS),
                () -> "pending: " + clock.pendingDelays());
        clock.advance(Duration.ofMillis(millis));
    }

    private void fail(int call) {
        feeds.sinks().get(call).tryEmitError(new IllegalStateException("down"));
    }

    private void emit(int call, String... elements) {
        for (String element : elements) {
            feeds.sinks().get(call).tryEmitNext(element);
        }
    }

    private void complete(int call) {
        feeds.sinks().get(call).tryEmitComplete();
    }

    private long onGuard(String guard, EventType type) {
        return registry.find(guard).orElseThrow().controls().metrics().cumulativeCount(type);
    }

    private Retry retry(String name) {
        return RetryRegistry.of(registry).find(name).orElseThrow();
    }

    private Hedge hedge(String name) {
        return HedgeRegistry.of(registry).find(name).orElseThrow();
    }

    @Test
    void aStreamThatFailsBeforeItsFirstElementIsCalledAgain() {
        Flux<String> feed = feeds.feed("f-1");
        assertThat(feeds.sinks()).as("the method is called at once").hasSize(1);
        Received received = Received.from(feed);
        fail(0);
        moveAfterPending(10);
        awaitCalls(2); // a new call of the method
        emit(1, "a", "b");
        complete(1);

        received.awaitEnd();
        assertThat(received.elements).containsExactly("a", "b");
        assertThat(received.completed).isTrue();
        assertThat(onGuard("feeds", EventType.FAILURE)).isEqualTo(1);
        assertThat(onGuard("feeds", EventType.SUCCESS)).isEqualTo(1);
        assertThat(onGuard("feeds", EventType.FALLBACK_MISSING) + onGuard("feeds", EventType.EXCEPTION_THROWN)).isZero();
        assertThat(retry("feeds-retry").metrics().retried()).isEqualTo(1);
        assertThat(feeds.fallbacks()).hasValue(0);
        assertThat(registry.find("feeds").orElseThrow().controls().permitsInFlight()).isZero();
    }

    @Test
    void anErrorAfterTheFirstElementPassesThroughWithoutARetry() {
        Received received = Received.from(feeds.feed("f-2"));
        emit(0, "a");
        Await.until("the first element", () -> received.elements.size() == 1);
        fail(0);

        received.awaitEnd();
        assertThat(received.elements).containsExactly("a");
        assertThat(received.error.get()).isInstanceOf(CallFailedException.class).hasRootCauseMessage("down");
        assertThat(clock.pendingDelays()).as("no retry waits").doesNotContain(10 * MS);
        assertThat(feeds.sinks()).hasSize(1);
        assertThat(retry("feeds-retry").metrics().retried()).isZero();
        assertThat(feeds.fallbacks()).as("elements cannot be taken back").hasValue(0);
        assertThat(onGuard("feeds", EventType.FAILURE)).isEqualTo(1);
    }

    @Test
    void theFallbackMethodAnswersOnceAfterTheLastAttempt() {
        Received received = Received.from(feeds.feed("f-3"));
        fail(0);
        moveAfterPending(10);
        awaitCalls(2);
        fail(1);

        received.awaitEnd();
        assertThat(received.elements).containsExactly("cached f-3 after down");
        assertThat(received.completed).isTrue();
        assertThat(feeds.fallbacks()).hasValue(1);
        assertThat(onGuard("feeds", EventType.FAILURE)).isEqualTo(2);
        assertThat(onGuard("feeds", EventType.FALLBACK_SUCCESS) + onGuard("feeds", EventType.FALLBACK_MISSING)).isZero();
        assertThat(retry("feeds-retry").metrics().fallbacks()).isEqualTo(1);
    }

    @Test
    void theFirstAttemptToEmitWinsTheHedgeAndTheLoserSeesItsCancel() {
        Received received = Received.from(feeds.hedgedFeed("h-1"));
        moveAfterPending(20);
        awaitCalls(2);
        emit(1, "x");
        Await.until("the loser cancelled", () -> feeds.cancelled().contains(0), () -> "cancelled: " + feeds.cancelled());
        emit(1, "y");
        complete(1);

        received.awaitEnd();
        assertThat(received.elements).containsExactly("x", "y");
        assertThat(received.completed).isTrue();
        assertThat(feeds.cancelled()).containsExactly(0);
        assertThat(hedge("feeds-hedged-hedge").metrics().hedgeWins()).isEqualTo(1);
        assertThat(hedge("feeds-hedged-hedge").metrics().losersCancelled()).isEqualTo(1);
        Await.until("both attempts recorded", () -> onGuard("feeds-hedged", EventType.SUCCESS) == 1
                && onGuard("feeds-hedged", EventType.CANCELLED) == 1);
        assertThat(registry.find("feeds-hedged").orElseThrow().controls().permitsInFlight()).isZero();
    }

    @Test
    void anAttemptThatCompletesEmptyWinsTheHedge() {
        Received received = Received.from(feeds.hedgedFeed("h-2"));
        moveAfterPending(20);
        awaitCalls(2);
        complete(0);

        received.awaitEnd();
        assertThat(received.elements).isEmpty();
        assertThat(received.completed).isTrue();
        Await.until("the loser cancelled", () -> feeds.cancelled().contains(1), () -> "cancelled: " + feeds.cancelled());
    }

    @Test
    void aRetryAroundAHedgeOnAStream() {
        Received received = Received.from(feeds.bothFeed("b-1"));
        moveAfterPending(20);
        awaitCalls(2);
        fail(0);
        fail(1);
        moveAfterPending(10);
        awaitCalls(3);
        emit(2, "z");
        complete(2);

        received.awaitEnd();
        assertThat(received.elements).containsExactly("z");
        assertThat(retry("feeds-both-retry").metrics().attempts()).isEqualTo(2);
        assertThat(hedge("feeds-both-hedge").metrics().calls()).isEqualTo(2);
        assertThat(hedge("feeds-both-hedge").metrics().hedged()).isEqualTo(1);
        assertThat(onGuard("feeds-both", EventType.FAILURE)).isEqualTo(2);
        assertThat(onGuard("feeds-both", EventType.SUCCESS)).isEqualTo(1);
    }

    @Test
    void cancellingTheSubscriptionCancelsTheAttemptAndGivesThePermitBack() {
        Received received = Received.from(feeds.feed("f-4"));
        emit(0, "a");
        Await.until("the first element", () -> received.elements.size() == 1);
        received.subscription.dispose();

        Await.until("the stream cancelled", () -> feeds.cancelled().contains(0));
        Await.until("CANCELLED on the guard", () -> onGuard("feeds", EventType.CANCELLED) == 1);
        assertThat(registry.find("feeds").orElseThrow().controls().permitsInFlight()).isZero();
        assertThat(feeds.sinks()).hasSize(1);
    }

    @Test
    void theGuardsTimeoutSpansTheWholeStreamOfAnAttempt() {
        Received received = Received.from(feeds.feed("f-5"));
        emit(0, "a");
        Await.until("the first element", () -> received.elements.size() == 1);
        moveAfterPending(1_000); // the guard's timeout, from the attempt's start

        received.awaitEnd();
        assertThat(received.elements).containsExactly("a");
        assertThat(received.error.get()).isInstanceOf(GuardTimeoutException.class);
        Await.until("the source cancelled", () -> feeds.cancelled().contains(0));
        assertThat(feeds.sinks()).as("after an element, no retry").hasSize(1);
        assertThat(onGuard("feeds", EventType.TIMEOUT)).isEqualTo(1);
    }

    @Test
    void anAttemptThatTimesOutBeforeItsFirstElementIsRetried() {
        Received received = Received.from(feeds.feed("f-6"));
        moveAfterPending(1_000);
        Await.until("the source cancelled", () -> feeds.cancelled().contains(0));
        moveAfterPending(10);
        awaitCalls(2);
        emit(1, "b");
        complete(1);

        received.awaitEnd();
        assertThat(received.elements).containsExactly("b");
        assertThat(onGuard("feeds", EventType.TIMEOUT)).isEqualTo(1);
        assertThat(retry("feeds-retry").metrics().retried()).isEqualTo(1);
    }
}
