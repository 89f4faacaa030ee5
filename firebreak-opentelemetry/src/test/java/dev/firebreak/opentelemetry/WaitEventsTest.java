package dev.firebreak.opentelemetry;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.Guard;
import dev.firebreak.Isolation;
import dev.firebreak.isolation.ThreadPoolConfig;
import dev.firebreak.ratelimit.RateLimitConfig;
import io.opentelemetry.sdk.trace.data.EventData;
import io.opentelemetry.sdk.trace.data.SpanData;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Time a call waited (a rate limiter's wait, a pool's queue) is an event of its span, on the manual clock. */
class WaitEventsTest {

    private final SpanRecorder rec = new SpanRecorder();

    @AfterEach
    void close() {
        rec.close();
    }

    @Test
    void aRateLimitersWaitIsAnAdmissionWaitEvent() throws Exception {
        Guard guard = rec.registry.guard("limited").isolation(Isolation.semaphore(10)).timeout(Duration.ofSeconds(5))
                .rateLimit(RateLimitConfig.builder().enabled(true).permitsPerSecond(1).burst(1)
                        .maxWait(Duration.ofSeconds(2)).build()).build();
        assertThat(guard.execute(() -> "first")).isEqualTo("first"); // spends the one permit
        CompletableFuture<String> second = CompletableFuture.supplyAsync(() -> guard.execute(() -> "second"),
                runnable -> Thread.ofPlatform().start(runnable));
        while (guard.controls().rateLimiter().waiting() == 0 && !second.isDone()) { // parked for its permit
            Thread.onSpinWait();
        }
        rec.clock.advance(Duration.ofSeconds(1));
        assertThat(second.get(10, TimeUnit.SECONDS)).isEqualTo("second");

        List<SpanData> spans = rec.spans(2);
        assertThat(waits(spans.get(0))).isEmpty();
        assertThat(waits(spans.get(1))).extracting(EventData::getName).containsExactly("firebreak.wait.admission");
        assertThat(waits(spans.get(1)).getFirst().getAttributes().get(SpanAttributes.DURATION)).isEqualTo(1.0);
    }

    @Test
    void aPoolQueuesWaitIsAQueueWaitEvent() throws Exception {
        Guard guard = rec.registry.guard("queued").timeout(Duration.ofSeconds(5))
                .isolation(Isolation.threadPool(ThreadPoolConfig.builder().coreSize(1).maxQueueSize(5).build())).build();
        CountDownLatch running = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        CompletableFuture<String> first = guard.submit(() -> {
            running.countDown();
            release.await();
            return "first";
        });
        assertThat(running.await(10, TimeUnit.SECONDS)).isTrue();
        CompletableFuture<String> second = guard.submit(() -> "second"); // waits in the pool's queue
        rec.clock.advance(Duration.ofMillis(50));
        release.countDown();
        assertThat(first.get(10, TimeUnit.SECONDS)).isEqualTo("first");
        assertThat(second.get(10, TimeUnit.SECONDS)).isEqualTo("second");

        List<SpanData> spans = rec.spans(2);
        SpanData queued = spans.stream().filter(s -> !waits(s).isEmpty()).findFirst().orElseThrow();
        assertThat(waits(queued)).extracting(EventData::getName).containsExactly("firebreak.wait.queue");
        assertThat(waits(queued).getFirst().getAttributes().get(SpanAttributes.DURATION)).isEqualTo(0.05);
    }

    private static List<EventData> waits(SpanData span) {
        return span.getEvents().stream().filter(e -> e.getName().startsWith("firebreak.wait")).toList();
    }
}
