package dev.firebreak.hystrix.javanica;

import static dev.firebreak.hystrix.javanica.JavanicaContexts.command;
import static dev.firebreak.hystrix.javanica.JavanicaContexts.runner;
import static java.util.concurrent.TimeUnit.SECONDS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.netflix.hystrix.HystrixCollapser.Scope;
import com.netflix.hystrix.HystrixEventType;
import com.netflix.hystrix.contrib.javanica.annotation.HystrixCollapser;
import com.netflix.hystrix.contrib.javanica.annotation.HystrixCommand;
import com.netflix.hystrix.contrib.javanica.annotation.HystrixProperty;
import com.netflix.hystrix.contrib.javanica.cache.annotation.CacheKey;
import com.netflix.hystrix.contrib.javanica.cache.annotation.CacheRemove;
import com.netflix.hystrix.contrib.javanica.cache.annotation.CacheResult;
import com.netflix.hystrix.strategy.concurrency.HystrixRequestContext;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import rx.Observable;

/** {@code @HystrixCollapser} in both scopes and the request cache annotations. */
class CollapserAndCacheTest {

    @Test
    void requestScopedCollapserBatchesTheCallsOfOneRequest() {
        runner().withBean(Collapsing.class).run(context -> {
            Collapsing service = context.getBean(Collapsing.class);
            try (HystrixRequestContext ignored = HystrixRequestContext.initializeContext()) {
                List<Future<String>> futures = new ArrayList<>();
                for (int i = 0; i < 5; i++) {
                    futures.add(service.one(i));
                }
                for (int i = 0; i < 5; i++) {
                    assertThat(futures.get(i).get(10, SECONDS)).isEqualTo("value-" + i);
                }
                assertThat(service.batches()).hasSizeLessThan(5);
                assertThat(service.batches().stream().mapToInt(List::size).sum()).isEqualTo(5);
                assertThat(command("many").getExecutionEvents()).contains(HystrixEventType.COLLAPSED);
            }
        });
    }

    @Test
    void observableCollapserEmitsEachCallersValue() {
        runner().withBean(Collapsing.class).run(context -> {
            Collapsing service = context.getBean(Collapsing.class);
            try (HystrixRequestContext ignored = HystrixRequestContext.initializeContext()) {
                Observable<String> a = service.observed(1);
                Observable<String> b = service.observed(2);
                assertThat(a.toBlocking().single()).isEqualTo("observed-1");
                assertThat(b.toBlocking().single()).isEqualTo("observed-2");
                assertThat(service.observedBatches()).hasSize(1);
            }
        });
    }

    @Test
    void requestScopedCollapserOutsideAContextIsRefused() {
        runner().withBean(Collapsing.class).run(context ->
                assertThatThrownBy(() -> context.getBean(Collapsing.class).one(1)).hasMessageContaining("HystrixRequestContext"));
    }

    @Test
    void globalCollapserBatchesCallsOfManyThreads() throws Exception {
        runner().withBean(Collapsing.class).run(context -> {
            Collapsing service = context.getBean(Collapsing.class);
            int callers = 6;
            CountDownLatch ready = new CountDownLatch(callers);
            ExecutorService pool = Executors.newFixedThreadPool(callers);
            try {
                List<Future<String>> results = new ArrayList<>();
                for (int i = 0; i < callers; i++) {
                    int id = i;
                    results.add(pool.submit(() -> {
                        ready.countDown();
                        ready.await();
                        return service.global(id);
                    }));
                }
                for (int i = 0; i < callers; i++) {
                    assertThat(results.get(i).get(10, SECONDS)).isEqualTo("global-" + i);
                }
            } finally {
                pool.shutdownNow();
            }
            assertThat(service.globalBatches().stream().mapToInt(List::size).sum()).isEqualTo(callers);
            assertThat(service.globalBatches()).hasSizeLessThan(callers);
        });
    }

    @Test
    void batchOfTheWrongSizeFailsEveryRequestWithBothSizes() {
        runner().withBean(Collapsing.class).run(context -> {
            try (HystrixRequestContext ignored = HystrixRequestContext.initializeContext()) {
                Future<String> request = context.getBean(Collapsing.class).short1(1);
                assertThatThrownBy(() -> request.get(10, SECONDS)).hasStackTraceContaining("returned 0 results for 1 requests");
            }
        });
    }

    @Test
    void cacheResultAnswersTheSameKeyFromTheCacheAndCacheRemoveClearsIt() {
        runner().withBean(Caching.class).run(context -> {
            Caching service = context.getBean(Caching.class);
            try (HystrixRequestContext ignored = HystrixRequestContext.initializeContext()) {
                assertThat(service.user("1", "first")).isEqualTo("user 1 #1");
                assertThat(service.user("1", "other note")).isEqualTo("user 1 #1");
                assertThat(service.user("2", "first")).isEqualTo("user 2 #2");
                assertThat(service.loads()).isEqualTo(2);

                service.update(new User("1"));
                assertThat(service.user("1", "first")).isEqualTo("user 1 #3");

                service.forget("2");
                assertThat(service.user("2", "x")).isEqualTo("user 2 #4");
                assertThat(service.byKeyMethod("k")).isEqualTo(service.byKeyMethod("k"));
                assertThat(service.keyMethodLoads()).isEqualTo(1);
            }
            try (HystrixRequestContext ignored = HystrixRequestContext.initializeContext()) {
                assertThat(service.user("1", "first")).isEqualTo("user 1 #5");
            }
        });
    }

    /** A service with collapsed methods. */
    public static class Collapsing {
        private final List<List<Integer>> batches = new CopyOnWriteArrayList<>();
        private final List<List<Integer>> globalBatches = new CopyOnWriteArrayList<>();
        private final List<List<Integer>> observedBatches = new CopyOnWriteArrayList<>();

        @HystrixCollapser(batchMethod = "many", collapserProperties = @HystrixProperty(name = "timerDelayInMilliseconds", value = "100"))
        public Future<String> one(Integer id) {
            throw new AssertionError("a collapser method is never run");
        }

        @HystrixCommand
        public List<String> many(List<Integer> ids) {
            batches.add(List.copyOf(ids));
            return ids.stream().map(id -> "value-" + id).toList();
        }

        @HystrixCollapser(batchMethod = "manyGlobal", scope = Scope.GLOBAL,
                collapserProperties = @HystrixProperty(name = "timerDelayInMilliseconds", value = "200"))
        public String global(Integer id) {
            throw new AssertionError("a collapser method is never run");
        }

        @HystrixCommand
        public List<String> manyGlobal(List<Integer> ids) {
            globalBatches.add(List.copyOf(ids));
            return ids.stream().map(id -> "global-" + id).toList();
        }

        @HystrixCollapser(batchMethod = "none")
        public Future<String> short1(Integer id) {
            throw new AssertionError("a collapser method is never run");
        }

        @HystrixCommand
        public List<String> none(List<Integer> ids) {
            return List.of();
        }

        @HystrixCollapser(batchMethod = "manyObserved",
                collapserProperties = @HystrixProperty(name = "timerDelayInMilliseconds", value = "100"))
        public Observable<String> observed(Integer id) {
            throw new AssertionError("a collapser method is never run");
        }

        @HystrixCommand
        public List<String> manyObserved(List<Integer> ids) {
            observedBatches.add(List.copyOf(ids));
            return ids.stream().map(id -> "observed-" + id).toList();
        }

        public List<List<Integer>> observedBatches() {
            return observedBatches;
        }

        public List<List<Integer>> batches() {
            return batches;
        }

        public List<List<Integer>> globalBatches() {
            return globalBatches;
        }
    }

    /** A user with an id, for a property-path cache key. */
    public record User(String id) {
    }

    /** A service with the request cache. */
    public static class Caching {
        private final AtomicInteger loads = new AtomicInteger();
        private final AtomicInteger keyMethodLoads = new AtomicInteger();

        @CacheResult
        @HystrixCommand(commandKey = "userById")
        public String user(@CacheKey String id, String note) {
            return "user " + id + " #" + loads.incrementAndGet();
        }

        @CacheRemove(commandKey = "userById")
        @HystrixCommand
        public void update(@CacheKey("id") User user) {
        }

        @CacheRemove(commandKey = "userById")
        public void forget(String id) {
        }

        @CacheResult(cacheKeyMethod = "keyOf")
        @HystrixCommand
        public String byKeyMethod(String raw) {
            return raw + keyMethodLoads.incrementAndGet();
        }

        String keyOf(String raw) {
            return "key:" + raw;
        }

        public int loads() {
            return loads.get();
        }

        public int keyMethodLoads() {
            return keyMethodLoads.get();
        }
    }
}
