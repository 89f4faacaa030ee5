package dev.firebreak.samples.netflix;

import static java.util.concurrent.TimeUnit.SECONDS;
import static org.assertj.core.api.Assertions.assertThat;

import com.netflix.hystrix.HystrixCircuitBreaker;
import com.netflix.hystrix.HystrixCommandKey;
import com.netflix.hystrix.HystrixThreadPoolKey;
import com.netflix.hystrix.HystrixThreadPoolMetrics;
import dev.firebreak.testkit.Await;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;
import org.springframework.boot.json.JsonParserFactory;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/** The service on a random port, called over HTTP, with a real downstream on another port. */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class NetflixServiceTest {

    private static final TestDownstream DOWNSTREAM = TestDownstream.INSTANCE;
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

    @LocalServerPort
    int port;

    @DynamicPropertySource
    static void downstream(DynamicPropertyRegistry registry) {
        registry.add("downstream.url", DOWNSTREAM::url);
    }

    @Test
    void fallbackWithoutTheException() {
        assertThat(get("/users/7/name").body()).isEqualTo("name-7");
        assertThat(get("/users/fail-7/name").body()).isEqualTo("guest-fail-7");
    }

    @Test
    void fallbackWithTheException() {
        assertThat(get("/users/fail-8/description").body()).isEqualTo("unavailable (InternalServerError)");
    }

    @Test
    void chainedFallbacks() {
        assertThat(get("/users/1/primary").body()).isEqualTo("primary:name-1");
        assertThat(get("/users/fail-1/primary").body()).isEqualTo("replica:replica-fail-1");
        assertThat(get("/users/fail-all-1/primary").body()).isEqualTo("last resort for fail-all-1");
    }

    @Test
    void defaultFallbackOfTheClass() {
        assertThat(get("/users/2/nickname").body()).isEqualTo("nick-2");
        assertThat(get("/users/fail-2/nickname").body()).isEqualTo("anonymous");
    }

    @Test
    void ignoredExceptionReachesTheCallerWithoutFallback() {
        HttpResponse<String> response = get("/users/missing-3/strict");
        assertThat(response.statusCode()).isEqualTo(404);
        assertThat(response.body()).isEqualTo("UserNotFoundException: no user missing-3");
        assertThat(get("/users/fail-3/strict").body()).isEqualTo("guest-fail-3");
    }

    @Test
    void raisedHystrixRuntimeException() {
        HttpResponse<String> response = get("/accounts/fail-4/balance");
        assertThat(response.statusCode()).isEqualTo(503);
        assertThat(response.body()).isEqualTo("HystrixRuntimeException COMMAND_EXCEPTION: InternalServerError");
    }

    @Test
    void sharedThreadPoolIsABulkhead() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        DOWNSTREAM.reportsRelease.set(release);
        try {
            CompletableFuture<HttpResponse<String>> first = getAsync("/reports/monthly/2026-01");
            CompletableFuture<HttpResponse<String>> second = getAsync("/reports/yearly/2025");
            Await.until("both reports occupy the pool's two threads", () -> DOWNSTREAM.reportsWaiting.get() == 2);

            assertThat(get("/reports/monthly/2026-02").body()).isEqualTo("busy (RejectedExecutionException)");
            assertThat(get("/reports/yearly/2024").body()).isEqualTo("busy (RejectedExecutionException)");
            assertThat(HystrixThreadPoolMetrics.getInstance(HystrixThreadPoolKey.Factory.asKey("reportPool"))
                    .getRollingCountThreadsRejected()).isGreaterThanOrEqualTo(2);

            release.countDown();
            assertThat(first.get(20, SECONDS).body()).isEqualTo("monthly report-2026-01");
            assertThat(second.get(20, SECONDS).body()).isEqualTo("yearly report-2025");
        } finally {
            release.countDown();
        }
    }

    @Test
    void requestCollapserBatchesTheCallsOfOneRequest() {
        int before = DOWNSTREAM.calls("products");
        HttpResponse<String> response = get("/products?ids=1,2,3,4,5");
        String[] lines = response.body().split("\n");
        assertThat(lines[0]).isEqualTo("product-1,product-2,product-3,product-4,product-5");
        int batches = DOWNSTREAM.calls("products") - before;
        assertThat(batches).isBetween(1, 4);
        assertThat(lines[1]).contains("products[SUCCESS, COLLAPSED]");
    }

    @Test
    void globalCollapserBatchesTheCallsOfConcurrentRequests() throws Exception {
        int before = DOWNSTREAM.calls("prices");
        List<CompletableFuture<HttpResponse<String>>> responses = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            responses.add(getAsync("/prices/" + i));
        }
        for (int i = 0; i < 6; i++) {
            assertThat(responses.get(i).get(20, SECONDS).body()).isEqualTo("price-" + i);
        }
        assertThat(DOWNSTREAM.calls("prices") - before).isBetween(1, 5);
    }

    @Test
    void requestCacheAnswersTheSecondReadAndCacheRemoveClearsIt() {
        int before = DOWNSTREAM.calls("items");
        String[] twice = get("/items/10/twice").body().split("\n");
        assertThat(twice[0]).isEqualTo("title-10,title-10");
        assertThat(twice[1]).contains("itemById[SUCCESS]", "itemById[SUCCESS, RESPONSE_FROM_CACHE]");
        assertThat(DOWNSTREAM.calls("items") - before).isEqualTo(1);

        int beforeUpdate = DOWNSTREAM.calls("items");
        String[] updated = get("/items/11/update?title=renamed").body().split("\n");
        assertThat(updated[0]).isEqualTo("title-11,renamed");
        assertThat(DOWNSTREAM.calls("items") - beforeUpdate).isEqualTo(3);
        assertThat(updated[1]).doesNotContain("RESPONSE_FROM_CACHE");
    }

    @Test
    void circuitOpensAfterFailuresAndStopsCallingTheDownstream() {
        String last = "";
        for (int i = 0; i < 20 && !last.contains("short-circuited"); i++) {
            last = get("/inventory/" + i).body();
        }
        assertThat(last).isEqualTo("unknown (Hystrix circuit short-circuited and is OPEN)");
        assertThat(HystrixCircuitBreaker.Factory.getInstance(HystrixCommandKey.Factory.asKey("inventory")).isOpen()).isTrue();
        int calls = DOWNSTREAM.calls("inventory");
        assertThat(get("/inventory/x").body()).contains("short-circuited");
        assertThat(DOWNSTREAM.calls("inventory")).isEqualTo(calls);

        Map<String, Object> firebreak = JsonParserFactory.getJsonParser().parseMap(get("/actuator/firebreak").body());
        @SuppressWarnings("unchecked")
        Map<String, Object> inventory = (Map<String, Object>) ((Map<String, Object>) firebreak.get("guards")).get("inventory");
        assertThat(inventory).containsEntry("circuit", "OPEN");
    }

    private HttpResponse<String> get(String path) {
        try {
            return getAsync(path).get(30, SECONDS);
        } catch (Exception e) {
            throw new AssertionError("GET " + path, e);
        }
    }

    private CompletableFuture<HttpResponse<String>> getAsync(String path) {
        HttpRequest request = HttpRequest.newBuilder(URI.create("http://localhost:" + port + path))
                .timeout(Duration.ofSeconds(30)).build();
        return HTTP.sendAsync(request, HttpResponse.BodyHandlers.ofString());
    }
}
