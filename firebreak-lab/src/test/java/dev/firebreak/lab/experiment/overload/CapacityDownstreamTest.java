package dev.firebreak.lab.experiment.overload;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.testkit.Await;
import dev.firebreak.testkit.ManualClock;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The overload downstream's capacity model over a real loopback socket, on the manual clock: at most
 * C requests in service at once, the rest queued in order, a lowered capacity drained before new
 * requests start, a raised one starting queued requests at once.
 */
class CapacityDownstreamTest {

    private static final long SERVICE = Duration.ofMillis(100).toNanos();

    @Test
    void servesAtMostCapacityAtOnceAndQueuesTheRest() throws Exception {
        ManualClock clock = new ManualClock();
        HttpClient client = client();
        try (CapacityDownstream downstream = CapacityDownstream.start(clock, 2, SERVICE)) {
            List<CompletableFuture<HttpResponse<String>>> answers = send(client, downstream, 5);
            Await.until("2 in service, 3 queued", () -> downstream.inService() == 2 && downstream.queued() == 3,
                    () -> downstream.inService() + " in service, " + downstream.queued() + " queued");
            assertThat(answers).noneMatch(CompletableFuture::isDone);

            clock.advance(SERVICE); // the first two finish; two queued ones start
            Await.until("2 answered", () -> answers.stream().filter(CompletableFuture::isDone).count() == 2);
            Await.until("2 more in service, 1 queued", () -> downstream.served() == 2 && downstream.inService() == 2
                    && downstream.queued() == 1);

            clock.advance(SERVICE);
            Await.until("4 served, the last in service", () -> downstream.served() == 4 && downstream.inService() == 1
                    && downstream.queued() == 0);
            clock.advance(SERVICE);
            for (CompletableFuture<HttpResponse<String>> answer : answers) {
                assertThat(answer.get(10, TimeUnit.SECONDS).statusCode()).isEqualTo(200);
            }
            // a request is counted as served just after its answer is written: the client may read it first
            Await.until("5 served", () -> downstream.served() == 5, () -> downstream.served() + " served");
            assertThat(downstream.peakInService()).isEqualTo(2);
        } finally {
            client.shutdownNow(); // not close(): close() waits for answers a failed test never lets come
        }
    }

    @Test
    void aLoweredCapacityDrainsFirstAndARaisedOneStartsQueuedRequestsAtOnce() throws Exception {
        ManualClock clock = new ManualClock();
        HttpClient client = client();
        try (CapacityDownstream downstream = CapacityDownstream.start(clock, 4, SERVICE)) {
            List<CompletableFuture<HttpResponse<String>>> answers = send(client, downstream, 8);
            Await.until("4 in service, 4 queued", () -> downstream.inService() == 4 && downstream.queued() == 4);

            downstream.capacity(1); // the four in service keep going; nothing new starts until fewer than 1 remain
            clock.advance(SERVICE);
            Await.until("4 served, then one started", () -> downstream.served() == 4 && downstream.inService() == 1
                    && downstream.queued() == 3);

            downstream.capacity(3); // two queued requests start at once, without waiting for a completion
            assertThat(downstream.inService()).isEqualTo(3);
            assertThat(downstream.queued()).isEqualTo(1);
            clock.advance(SERVICE);
            Await.until("7 served, the last in service", () -> downstream.served() == 7 && downstream.inService() == 1);
            clock.advance(SERVICE);
            for (CompletableFuture<HttpResponse<String>> answer : answers) {
                assertThat(answer.get(10, TimeUnit.SECONDS).statusCode()).isEqualTo(200);
            }
            assertThat(downstream.peakInService()).isEqualTo(4);
        } finally {
            client.shutdownNow();
        }
    }

    private static HttpClient client() {
        return HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    }

    private static List<CompletableFuture<HttpResponse<String>>> send(HttpClient client, CapacityDownstream downstream, int n) {
        List<CompletableFuture<HttpResponse<String>>> answers = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            answers.add(client.sendAsync(HttpRequest.newBuilder(downstream.uri()).build(), HttpResponse.BodyHandlers.ofString()));
        }
        return answers;
    }
}
