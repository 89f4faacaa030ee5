package dev.firebreak.spring.annotation.composed;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.GuardRegistry;
import dev.firebreak.event.EventType;
import dev.firebreak.hedge.Hedge;
import dev.firebreak.hedge.HedgeRegistry;
import dev.firebreak.retry.Retry;
import dev.firebreak.retry.RetryRegistry;
import dev.firebreak.spring.annotation.composed.ComposedApplications.Quotes;
import dev.firebreak.testkit.Await;
import dev.firebreak.testkit.ManualClock;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * A retry and a hedge declared on one {@code @Guarded} method, in a real Spring context on a manual clock,
 * for each kind of method: the retry outside, each of its attempts hedged, each hedge attempt one call
 * through the guard; the fallback method once, after the retry's last attempt; each policy its own budget.
 */
class ComposedPoliciesTest {

    private static final long MS = 1_000_000L;

    /** The kinds of method, each with its guard (the policies are named after it). */
    enum Kind {
        SYNC("quotes"), STAGE("quotes-async"), MONO("quotes-mono");

        final String guard;

        Kind(String guard) {
            this.guard = guard;
        }
    }

    private final ExecutorService callers = Executors.newVirtualThreadPerTaskExecutor();
    private ConfigurableApplicationContext context;
    private Quotes quotes;
    private ManualClock clock;
    private GuardRegistry registry;

    private void start(String... extra) {
        context = new SpringApplicationBuilder(ComposedApplications.App.class).web(WebApplicationType.NONE)
                .properties(ComposedApplications.properties(extra)).run();
        quotes = context.getBean(Quotes.class);
        clock = context.getBean(ManualClock.class);
        registry = context.getBean(GuardRegistry.class);
    }

    @AfterEach
    void stop() {
        if (context != null) {
            quotes.stages().forEach(stage -> stage.cancel(true)); // releases any blocked synchronous call
            context.close();
        }
        callers.shutdownNow();
    }

    private CompletableFuture<String> call(Kind kind, String symbol) {
        return switch (kind) {
            case SYNC -> CompletableFuture.supplyAsync(() -> {
                try {
                    return quotes.quote(symbol);
                } catch (InterruptedException e) {
                    throw new IllegalStateException(e);
                }
            }, callers);
            case STAGE -> quotes.quoteAsync(symbol).toCompletableFuture();
            case MONO -> quotes.quoteMono(symbol).toFuture();
        };
    }

    private void awaitCalls(int count) {
        Await.until(count + " calls of the method", () -> quotes.stages().size() == count,
                () -> "calls: " + quotes.stages().size());
    }

    /* Timers are armed after the attempt that needs them starts: wait (without moving time) until one is pending. */
    private void moveAfterPending(long millis) {
        Await.until("a " + millis + " ms timer", () -> clock.pendingDelays().contains(millis * MS),
                () -> "pending: " + clock.pendingDelays());
        clock.advance(Duration.ofMillis(millis));
    }

    private void fail(int call) {
        quotes.stages().get(call).completeExceptionally(new IllegalStateException("down"));
    }

    private long onGuard(Kind kind, EventType type) {
        return registry.find(kind.guard).orElseThrow().controls().metrics().cumulativeCount(type);
    }

    private Retry retry(Kind kind) {
        return RetryRegistry.of(registry).find(kind.guard + "-retry").orElseThrow();
    }

    private Hedge hedge(Kind kind) {
        return HedgeRegistry.of(registry).find(kind.guard + "-hedge").orElseThrow();
    }

    @ParameterizedTest
    @EnumSource(Kind.class)
    void eachRetryAttemptIsHedgedAndTheFallbackAnswersOnceAfterTheLast(Kind kind) throws Exception {
        start();
        assertThat(hedge(kind).guard()).isSameAs(retry(kind).guard());
        CompletableFuture<String> caller = call(kind, "q-1");
        awaitCalls(1);
        moveAfterPending(20);
        awaitCalls(2); // the first retry attempt's hedge
        fail(0);
        fail(1);
        moveAfterPending(10); // the retry's wait
        awaitCalls(3);
        assertThat(caller).isNotDone();
        moveAfterPending(20);
        awaitCalls(4); // the second retry attempt's hedge
        fail(2);
        fail(3);

        assertThat(caller.get(30, TimeUnit.SECONDS)).isEqualTo("cached q-1 after down");
        assertThat(quotes.fallbacks()).hasValue(1);
        assertThat(quotes.stages()).hasSize(4);
        Await.until("four attempts on the guard", () -> onGuard(kind, EventType.FAILURE) == 4);
        assertThat(onGuard(kind, EventType.FALLBACK_SUCCESS) + onGuard(kind, EventType.FALLBACK_MISSING)
                + onGuard(kind, EventType.FALLBACK_FAILURE) + onGuard(kind, EventType.EXCEPTION_THROWN))
                .as("attempts, never callers' outcomes").isZero();
        assertThat(retry(kind).metrics().attempts()).isEqualTo(2);
        assertThat(retry(kind).metrics().retried()).isEqualTo(1);
        assertThat(retry(kind).metrics().fallbacks()).isEqualTo(1);
        assertThat(hedge(kind).metrics().calls()).as("one hedged call per retry attempt").isEqualTo(2);
        assertThat(hedge(kind).metrics().hedged()).isEqualTo(2);
    }

    @ParameterizedTest
    @EnumSource(Kind.class)
    void aHedgeWinsInTheRetrysSecondAttemptAndItsLoserIsCancelled(Kind kind) throws Exception {
        start();
        CompletableFuture<String> caller = call(kind, "q-2");
        awaitCalls(1);
        fail(0); // before the hedge delay: a failure does not hedge, the retry tries again
        moveAfterPending(10);
        awaitCalls(2);
        moveAfterPending(20);
        awaitCalls(3);
        quotes.stages().get(2).complete("from the hedge");

        assertThat(caller.get(30, TimeUnit.SECONDS)).isEqualTo("from the hedge");
        Await.until("the loser cancelled on the guard", () -> onGuard(kind, EventType.CANCELLED) == 1);
        if (kind != Kind.SYNC) {
            assertThat(quotes.stages().get(1)).as("the loser's stage").isCancelled();
        }
        assertThat(hedge(kind).metrics().hedgeWins()).isEqualTo(1);
        assertThat(hedge(kind).metrics().losersCancelled()).isEqualTo(1);
        assertThat(retry(kind).metrics().attempts()).isEqualTo(2);
        assertThat(onGuard(kind, EventType.FAILURE)).isEqualTo(1);
        assertThat(onGuard(kind, EventType.SUCCESS)).isEqualTo(1);
        assertThat(quotes.fallbacks()).hasValue(0);
    }

    @Test
    void aSpentHedgeBudgetStopsTheHedgesNotTheRetries() throws Exception {
        start("firebreak.hedge.quotes-async-hedge.budget.enabled=true",
                "firebreak.hedge.quotes-async-hedge.budget.percent=0",
                "firebreak.hedge.quotes-async-hedge.budget.minPerSecond=0");
        CompletableFuture<String> caller = call(Kind.STAGE, "q-3");
        awaitCalls(1);
        moveAfterPending(20);
        Await.until("the hedge refused by its budget", () -> hedge(Kind.STAGE).metrics().budgetExhausted() == 1);
        assertThat(quotes.stages()).hasSize(1);
        fail(0);
        moveAfterPending(10);
        awaitCalls(2);
        quotes.stages().get(1).complete("retried");
        assertThat(caller.get(30, TimeUnit.SECONDS)).isEqualTo("retried");
        assertThat(retry(Kind.STAGE).metrics().retried()).isEqualTo(1);
    }

    @Test
    void aSpentRetryBudgetStopsTheRetriesNotTheHedges() throws Exception {
        start("firebreak.retry.quotes-async-retry.budget.enabled=true",
                "firebreak.retry.quotes-async-retry.budget.percent=0",
                "firebreak.retry.quotes-async-retry.budget.minPerSecond=0");
        CompletableFuture<String> caller = call(Kind.STAGE, "q-4");
        awaitCalls(1);
        moveAfterPending(20);
        awaitCalls(2);
        fail(0);
        fail(1);
        assertThat(caller.get(30, TimeUnit.SECONDS)).isEqualTo("cached q-4 after down");
        assertThat(retry(Kind.STAGE).metrics().budgetExhausted()).isEqualTo(1);
        assertThat(retry(Kind.STAGE).metrics().attempts()).isEqualTo(1);
        assertThat(hedge(Kind.STAGE).metrics().hedged()).isEqualTo(1);
        assertThat(quotes.fallbacks()).hasValue(1);
    }
}
