package dev.firebreak.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.LinkedBlockingQueue;
import org.junit.jupiter.api.Test;

/** Await.first takes the first wanted element another thread put in a queue, dropping the ones before it. */
class AwaitTest {

    @Test
    void firstReturnsTheFirstWantedElementAndDropsTheOnesBefore() throws Exception {
        LinkedBlockingQueue<String> queue = new LinkedBlockingQueue<>();
        queue.add("skipped");
        Thread producer = new Thread(() -> {
            queue.add("other");
            queue.add("wanted 1");
            queue.add("wanted 2");
        });
        producer.start();

        assertThat(Await.first("a wanted element", queue, s -> s.startsWith("wanted"))).isEqualTo("wanted 1");
        producer.join(10_000);
        assertThat(queue).containsExactly("wanted 2");
    }
}
