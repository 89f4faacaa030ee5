package dev.firebreak.stream;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The wire contract of {@code shared/reference/hystrix-stream.md}, checked on the stream's real output
 * over HTTP: every key of the HystrixCommand (5.2), HystrixThreadPool and HystrixCollapser (5.4)
 * tables, with its JSON type, in the table's order; the keys the Hystrix Dashboard's validateData
 * requires (5.3); integer numbers only; reportingHosts 1; extras only under {@code firebreak_}.
 */
class HystrixStreamContractTest {

    enum JsonType { STRING, INTEGER, BOOLEAN, OBJECT, STRING_OR_NULL }

    private static final List<String> LATENCY_KEYS = List.of("0", "25", "50", "75", "90", "95", "99", "99.5", "100");
    private static final List<String> BATCH_KEYS = List.of("25", "50", "75", "90", "95", "99", "99.5", "100");

    /** Section 5.2, in emission order. */
    static final Map<String, JsonType> COMMAND = table(
            "type", JsonType.STRING, "name", JsonType.STRING, "group", JsonType.STRING,
            "currentTime", JsonType.INTEGER, "isCircuitBreakerOpen", JsonType.BOOLEAN,
            "errorPercentage", JsonType.INTEGER, "errorCount", JsonType.INTEGER, "requestCount", JsonType.INTEGER,
            "rollingCountBadRequests", JsonType.INTEGER, "rollingCountCollapsedRequests", JsonType.INTEGER,
            "rollingCountEmit", JsonType.INTEGER, "rollingCountExceptionsThrown", JsonType.INTEGER,
            "rollingCountFailure", JsonType.INTEGER, "rollingCountFallbackEmit", JsonType.INTEGER,
            "rollingCountFallbackFailure", JsonType.INTEGER, "rollingCountFallbackMissing", JsonType.INTEGER,
            "rollingCountFallbackRejection", JsonType.INTEGER, "rollingCountFallbackSuccess", JsonType.INTEGER,
            "rollingCountResponsesFromCache", JsonType.INTEGER, "rollingCountSemaphoreRejected", JsonType.INTEGER,
            "rollingCountShortCircuited", JsonType.INTEGER, "rollingCountSuccess", JsonType.INTEGER,
            "rollingCountThreadPoolRejected", JsonType.INTEGER, "rollingCountTimeout", JsonType.INTEGER,
            "currentConcurrentExecutionCount", JsonType.INTEGER, "rollingMaxConcurrentExecutionCount", JsonType.INTEGER,
            "latencyExecute_mean", JsonType.INTEGER, "latencyExecute", JsonType.OBJECT,
            "latencyTotal_mean", JsonType.INTEGER, "latencyTotal", JsonType.OBJECT,
            "propertyValue_circuitBreakerRequestVolumeThreshold", JsonType.INTEGER,
            "propertyValue_circuitBreakerSleepWindowInMilliseconds", JsonType.INTEGER,
            "propertyValue_circuitBreakerErrorThresholdPercentage", JsonType.INTEGER,
            "propertyValue_circuitBreakerForceOpen", JsonType.BOOLEAN,
            "propertyValue_circuitBreakerForceClosed", JsonType.BOOLEAN,
            "propertyValue_circuitBreakerEnabled", JsonType.BOOLEAN,
            "propertyValue_executionIsolationStrategy", JsonType.STRING,
            "propertyValue_executionIsolationThreadTimeoutInMilliseconds", JsonType.INTEGER,
            "propertyValue_executionTimeoutInMilliseconds", JsonType.INTEGER,
            "propertyValue_executionIsolationThreadInterruptOnTimeout", JsonType.BOOLEAN,
            "propertyValue_executionIsolationThreadPoolKeyOverride", JsonType.STRING_OR_NULL,
            "propertyValue_executionIsolationSemaphoreMaxConcurrentRequests", JsonType.INTEGER,
            "propertyValue_fallbackIsolationSemaphoreMaxConcurrentRequests", JsonType.INTEGER,
            "propertyValue_metricsRollingStatisticalWindowInMilliseconds", JsonType.INTEGER,
            "propertyValue_requestCacheEnabled", JsonType.BOOLEAN,
            "propertyValue_requestLogEnabled", JsonType.BOOLEAN,
            "reportingHosts", JsonType.INTEGER, "threadPool", JsonType.STRING);

    /** Section 5.3: what the Dashboard's validateData insists on. */
    static final List<String> DASHBOARD_REQUIRED = List.of("reportingHosts", "type", "name", "group",
            "isCircuitBreakerOpen", "errorPercentage", "errorCount", "requestCount", "rollingCountCollapsedRequests",
            "rollingCountExceptionsThrown", "rollingCountFailure", "rollingCountFallbackFailure",
            "rollingCountFallbackRejection", "rollingCountFallbackSuccess", "rollingCountResponsesFromCache",
            "rollingCountSemaphoreRejected", "rollingCountShortCircuited", "rollingCountSuccess",
            "rollingCountThreadPoolRejected", "rollingCountTimeout", "rollingCountBadRequests",
            "currentConcurrentExecutionCount", "latencyExecute_mean", "latencyExecute",
            "propertyValue_circuitBreakerRequestVolumeThreshold", "propertyValue_circuitBreakerSleepWindowInMilliseconds",
            "propertyValue_circuitBreakerErrorThresholdPercentage", "propertyValue_circuitBreakerForceOpen",
            "propertyValue_circuitBreakerForceClosed", "propertyValue_executionIsolationStrategy",
            "propertyValue_executionIsolationThreadTimeoutInMilliseconds",
            "propertyValue_executionIsolationThreadInterruptOnTimeout",
            "propertyValue_executionIsolationSemaphoreMaxConcurrentRequests",
            "propertyValue_fallbackIsolationSemaphoreMaxConcurrentRequests", "propertyValue_requestCacheEnabled",
            "propertyValue_requestLogEnabled", "propertyValue_metricsRollingStatisticalWindowInMilliseconds");

    /** Section 5.4, HystrixThreadPool, in emission order. */
    static final Map<String, JsonType> THREAD_POOL = table(
            "type", JsonType.STRING, "name", JsonType.STRING, "currentTime", JsonType.INTEGER,
            "currentActiveCount", JsonType.INTEGER, "currentCompletedTaskCount", JsonType.INTEGER,
            "currentCorePoolSize", JsonType.INTEGER, "currentLargestPoolSize", JsonType.INTEGER,
            "currentMaximumPoolSize", JsonType.INTEGER, "currentPoolSize", JsonType.INTEGER,
            "currentQueueSize", JsonType.INTEGER, "currentTaskCount", JsonType.INTEGER,
            "rollingCountThreadsExecuted", JsonType.INTEGER, "rollingMaxActiveThreads", JsonType.INTEGER,
            "rollingCountCommandRejections", JsonType.INTEGER, "propertyValue_queueSizeRejectionThreshold", JsonType.INTEGER,
            "propertyValue_metricsRollingStatisticalWindowInMilliseconds", JsonType.INTEGER,
            "reportingHosts", JsonType.INTEGER);

    /** Section 5.4, HystrixCollapser, in emission order. */
    static final Map<String, JsonType> COLLAPSER = table(
            "type", JsonType.STRING, "name", JsonType.STRING, "currentTime", JsonType.INTEGER,
            "rollingCountRequestsBatched", JsonType.INTEGER, "rollingCountBatches", JsonType.INTEGER,
            "rollingCountResponsesFromCache", JsonType.INTEGER, "batchSize_mean", JsonType.INTEGER,
            "batchSize", JsonType.OBJECT, "propertyValue_requestCacheEnabled", JsonType.BOOLEAN,
            "propertyValue_maxRequestsInBatch", JsonType.INTEGER, "propertyValue_timerDelayInMilliseconds", JsonType.INTEGER,
            "reportingHosts", JsonType.INTEGER);

    private StreamFixture fixture;
    private final Map<String, Map<String, Object>> events = new LinkedHashMap<>();
    private final List<String> order = new ArrayList<>();

    @BeforeEach
    void readOneTick() throws Exception {
        fixture = new StreamFixture();
        fixture.populate();
        try (SseClient client = SseClient.open(fixture.server.streamUri())) {
            assertThat(client.status()).isEqualTo(200);
            assertThat(client.headers().firstValue("Content-Type")).hasValue("text/event-stream;charset=UTF-8");
            assertThat(client.headers().firstValue("Cache-Control")).hasValue("no-cache, no-store, max-age=0, must-revalidate");
            assertThat(client.headers().firstValue("Pragma")).hasValue("no-cache");
            client.awaitPing();
            fixture.tick();
            // one tick: 4 guards, 1 pool, 1 collapser, then a ping
            for (int i = 0; i < 6; i++) {
                Map<String, Object> event = MiniJson.object(client.nextData());
                String key = event.get("type") + "/" + event.get("name");
                events.put(key, event);
                order.add(key);
            }
            client.awaitPing();
        }
    }

    @AfterEach
    void stop() {
        fixture.close();
    }

    @Test
    void oneTickEmitsCommandsThenPoolsThenCollapsersSortedByName() {
        assertThat(order).containsExactly(
                "HystrixCommand/batch-guard", "HystrixCommand/pool-guard", "HystrixCommand/semaphore-guard",
                "HystrixCommand/virtual-guard", "HystrixThreadPool/shop-pool", "HystrixCollapser/doubler");
    }

    @Test
    void everyCommandHasEveryTableKeyWithItsTypeInOrder() {
        for (String key : List.of("HystrixCommand/batch-guard", "HystrixCommand/pool-guard",
                "HystrixCommand/semaphore-guard", "HystrixCommand/virtual-guard")) {
            Map<String, Object> event = events.get(key);
            checkAgainstTable(key, event, COMMAND);
            assertThat(event.keySet()).as(key).containsAll(DASHBOARD_REQUIRED);
            assertThat(percentileKeys(event, "latencyExecute")).as(key).containsExactlyElementsOf(LATENCY_KEYS);
            assertThat(percentileKeys(event, "latencyTotal")).as(key).containsExactlyElementsOf(LATENCY_KEYS);
        }
    }

    @Test
    void threadPoolHasEveryTableKeyWithItsTypeInOrder() {
        checkAgainstTable("pool", events.get("HystrixThreadPool/shop-pool"), THREAD_POOL);
    }

    @Test
    void collapserHasEveryTableKeyWithItsTypeInOrder() {
        Map<String, Object> collapser = events.get("HystrixCollapser/doubler");
        checkAgainstTable("collapser", collapser, COLLAPSER);
        assertThat(percentileKeys(collapser, "batchSize")).containsExactlyElementsOf(BATCH_KEYS);
        assertThat(collapser.get("rollingCountBatches")).isEqualTo(1L);
        assertThat(collapser.get("rollingCountRequestsBatched")).isEqualTo(1L);
    }

    @Test
    void figuresComeFromTheGuardsMetricsAndConfigAndTheInjectedClock() {
        Map<String, Object> semaphore = events.get("HystrixCommand/semaphore-guard");
        assertThat(semaphore.get("group")).isEqualTo("shop");
        assertThat(semaphore.get("currentTime")).isEqualTo(StreamFixture.NOW.toEpochMilli());
        assertThat(semaphore.get("rollingCountSuccess")).isEqualTo(4L);
        assertThat(semaphore.get("rollingCountFailure")).isEqualTo(2L);
        assertThat(semaphore.get("rollingCountFallbackSuccess")).isEqualTo(2L);
        assertThat(semaphore.get("requestCount")).isEqualTo(6L);
        assertThat(semaphore.get("errorCount")).isEqualTo(2L);
        assertThat(semaphore.get("errorPercentage")).isEqualTo(33L);
        assertThat(semaphore.get("propertyValue_executionIsolationStrategy")).isEqualTo("SEMAPHORE");
        assertThat(semaphore.get("propertyValue_circuitBreakerRequestVolumeThreshold")).isEqualTo(20L);
        assertThat(semaphore.get("propertyValue_executionIsolationThreadPoolKeyOverride")).isSameAs(MiniJson.NULL);
        assertThat(semaphore.get("isCircuitBreakerOpen")).isEqualTo(false);

        Map<String, Object> pooled = events.get("HystrixCommand/pool-guard");
        assertThat(pooled.get("threadPool")).isEqualTo("shop-pool");
        assertThat(pooled.get("propertyValue_executionIsolationThreadPoolKeyOverride")).isEqualTo("shop-pool");
        assertThat(pooled.get("propertyValue_executionIsolationStrategy")).isEqualTo("THREAD");

        Map<String, Object> virtual = events.get("HystrixCommand/virtual-guard");
        assertThat(virtual.get("propertyValue_executionIsolationStrategy")).isEqualTo("THREAD");
        assertThat(virtual.get("firebreak_isolationStrategy")).isEqualTo("VIRTUAL");
        assertThat(virtual.get("firebreak_concurrencyLimit")).isEqualTo(7L);
        assertThat(virtual.get("firebreak_circuitState")).isEqualTo("CLOSED");
        assertThat(virtual.get("firebreak_circuitMode")).isEqualTo("AUTOMATIC");

        Map<String, Object> pool = events.get("HystrixThreadPool/shop-pool");
        assertThat(pool.get("currentCorePoolSize")).isEqualTo(10L);
        assertThat(pool.get("rollingCountThreadsExecuted")).isEqualTo(1L);
    }

    @Test
    void everyNumberIsAnIntegerAndExtrasAreMarked() {
        events.forEach((key, event) -> {
            assertThat(event.get("reportingHosts")).as(key).isEqualTo(1L);
            Map<String, JsonType> table = switch ((String) event.get("type")) {
                case "HystrixCommand" -> COMMAND;
                case "HystrixThreadPool" -> THREAD_POOL;
                default -> COLLAPSER;
            };
            event.forEach((field, value) -> {
                assertThat(table.containsKey(field) || field.startsWith("firebreak_"))
                        .as(key + " has a key outside the table without the firebreak_ prefix: " + field).isTrue();
                assertNoFloatingPoint(key + "." + field, value);
            });
        });
    }

    private static void checkAgainstTable(String what, Map<String, Object> event, Map<String, JsonType> table) {
        assertThat(event).as(what).isNotNull();
        table.forEach((key, type) -> {
            assertThat(event).as(what + " lacks " + key).containsKey(key);
            Object value = event.get(key);
            switch (type) {
                case STRING -> assertThat(value).as(what + "." + key).isInstanceOf(String.class);
                case INTEGER -> assertThat(value).as(what + "." + key).isInstanceOf(Long.class);
                case BOOLEAN -> assertThat(value).as(what + "." + key).isInstanceOf(Boolean.class);
                case OBJECT -> assertThat(value).as(what + "." + key).isInstanceOf(Map.class);
                case STRING_OR_NULL -> assertThat(value instanceof String || value == MiniJson.NULL)
                        .as(what + "." + key + " = " + value).isTrue();
            }
        });
        List<String> tableKeysInOrder = event.keySet().stream().filter(table::containsKey).toList();
        assertThat(tableKeysInOrder).as(what + " order").containsExactlyElementsOf(table.keySet());
        assertThat(event.get("type")).isIn("HystrixCommand", "HystrixThreadPool", "HystrixCollapser");
    }

    @SuppressWarnings("unchecked")
    private static List<String> percentileKeys(Map<String, Object> event, String key) {
        Map<String, Object> percentiles = (Map<String, Object>) event.get(key);
        percentiles.forEach((p, v) -> assertThat(v).as(key + "." + p).isInstanceOf(Long.class));
        return new ArrayList<>(percentiles.keySet());
    }

    private static void assertNoFloatingPoint(String where, Object value) {
        assertThat(value).as(where).isNotInstanceOf(Double.class);
        if (value instanceof Map<?, ?> map) {
            map.forEach((k, v) -> assertNoFloatingPoint(where + "." + k, v));
        }
    }

    private static Map<String, JsonType> table(Object... pairs) {
        Map<String, JsonType> map = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            map.put((String) pairs[i], (JsonType) pairs[i + 1]);
        }
        return map;
    }
}
