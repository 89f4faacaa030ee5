package dev.firebreak.stream;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.Guard;
import dev.firebreak.GuardRegistry;
import dev.firebreak.Isolation;
import dev.firebreak.testkit.Await;
import dev.firebreak.testkit.ManualClock;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class StreamFeedTest {

    private final ManualClock clock = new ManualClock();
    private final GuardRegistry registry = GuardRegistry.builder().clock(clock).build();
    private final Clock wall = Clock.fixed(Instant.ofEpochMilli(1_700_000_000_000L), ZoneOffset.UTC);

    @AfterEach
    void close() {
        registry.close();
    }

    @Test
    void aPingAtOnceThenEachTicksFramesAsTheServerSendsThem() {
        Guard guard = registry.guard("orders").isolation(Isolation.semaphore(10)).build();
        guard.execute(() -> "ok");
        List<String> received = new CopyOnWriteArrayList<>();
        try (StreamFeed feed = StreamFeed.start(registry, wall, Duration.ofMillis(500),
                bytes -> received.add(new String(bytes, StandardCharsets.UTF_8)))) {
            assertThat(received).containsExactly("ping: \n\n");
            clock.advance(Duration.ofMillis(499));
            assertThat(received).hasSize(1);
            clock.advance(Duration.ofMillis(1));
            Await.until("the first tick's frames", () -> received.size() == 2);
            String tick = received.get(1);
            assertThat(tick).startsWith("data: {").contains("\"type\":\"HystrixCommand\"", "\"name\":\"orders\"")
                    .endsWith("ping: \n\n");
            assertThat(tick).isEqualTo(new String(StreamFeed.frames(registry, wall.millis()), StandardCharsets.UTF_8));
            assertThat(feed.isClosed()).isFalse();
        }
    }

    @Test
    void aSubscriberThatThrowsEndsItsFeed() {
        List<byte[]> received = new CopyOnWriteArrayList<>();
        StreamFeed feed = StreamFeed.start(registry, wall, Duration.ofMillis(100), bytes -> {
            received.add(bytes);
            if (received.size() == 2) {
                throw new java.io.IOException("client went away");
            }
        });
        clock.advance(Duration.ofMillis(100));
        Await.until("the failed write ends the feed", feed::isClosed);
        clock.advance(Duration.ofMillis(1000));
        assertThat(received).hasSize(2);
    }

    @Test
    void nothingIsDeliveredOnceTheRegistryIsClosed() {
        List<byte[]> received = new CopyOnWriteArrayList<>();
        StreamFeed.start(registry, wall, Duration.ofMillis(100), received::add);
        registry.close();
        clock.advance(Duration.ofMillis(1000));
        assertThat(received).hasSize(1); // the ping at start only
    }
}
