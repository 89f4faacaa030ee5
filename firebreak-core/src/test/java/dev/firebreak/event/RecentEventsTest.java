package dev.firebreak.event;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** The ring of recent events: order, overwrite, the bound, and 64 writers against a reader. */
class RecentEventsTest {

    @Test
    void keepsTheLastCapacityEventsOldestFirst() {
        RecentEvents<Integer> ring = new RecentEvents<>(3);
        assertThat(ring.snapshot()).isEmpty();
        ring.add(1);
        ring.add(2);
        assertThat(ring.snapshot()).containsExactly(1, 2);
        IntStream.rangeClosed(3, 10).forEach(ring::add);
        assertThat(ring.snapshot()).containsExactly(8, 9, 10);
        assertThat(ring.added()).isEqualTo(10);
        assertThat(ring.capacity()).isEqualTo(3);
    }

    @Test
    void aCapacityBelowOneIsRefusedSayingSo() {
        assertThatThrownBy(() -> new RecentEvents<>(0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("capacity of recent events is 0").hasMessageContaining("at least 1");
    }

    /** One event: who wrote it and its number among that writer's events. */
    private record Written(int writer, int index) {
    }

    @Test
    void sixtyFourWritersNeverPushItPastItsBoundAndEachWritersEventsStayInOrder() throws Exception {
        int capacity = 128;
        int writers = 64;
        int perWriter = 20_000;
        RecentEvents<Written> ring = new RecentEvents<>(capacity);
        CyclicBarrier start = new CyclicBarrier(writers + 1);
        CountDownLatch done = new CountDownLatch(writers);
        AtomicBoolean stop = new AtomicBoolean();
        List<Thread> threads = new ArrayList<>();
        for (int w = 0; w < writers; w++) {
            int writer = w;
            threads.add(Thread.ofPlatform().start(() -> {
                try {
                    start.await();
                    for (int i = 0; i < perWriter; i++) {
                        ring.add(new Written(writer, i));
                    }
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                } finally {
                    done.countDown();
                }
            }));
        }
        AtomicInteger snapshots = new AtomicInteger();
        List<String> violations = new ArrayList<>();
        Thread reader = Thread.ofPlatform().start(() -> {
            try {
                start.await();
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
            while (!stop.get()) {
                List<Written> seen = ring.snapshot();
                snapshots.incrementAndGet();
                if (seen.size() > capacity) {
                    violations.add("a snapshot of " + seen.size() + " events");
                }
                Map<Integer, Integer> last = new HashMap<>();
                for (Written event : seen) {
                    Integer before = last.put(event.writer(), event.index());
                    if (before != null && before >= event.index()) {
                        violations.add("writer " + event.writer() + ": " + before + " before " + event.index());
                    }
                }
            }
        });
        assertThat(done.await(60, TimeUnit.SECONDS)).as("the writers finished").isTrue();
        stop.set(true);
        reader.join(TimeUnit.SECONDS.toMillis(60));
        for (Thread thread : threads) {
            thread.join();
        }
        assertThat(violations).isEmpty();
        assertThat(snapshots.get()).as("the reader read while they wrote").isPositive();
        assertThat(ring.added()).isEqualTo((long) writers * perWriter);
        List<Written> after = ring.snapshot();
        assertThat(after).hasSize(capacity); // quiet: the last lap is whole
        assertThat(new HashSet<>(after)).hasSize(capacity);
    }
}
