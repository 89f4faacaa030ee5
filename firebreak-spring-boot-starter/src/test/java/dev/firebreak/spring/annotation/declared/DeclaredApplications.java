package dev.firebreak.spring.annotation.declared;

import dev.firebreak.GuardRegistry;
import dev.firebreak.spring.annotation.Guarded;
import dev.firebreak.testkit.ManualClock;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.context.annotation.Bean;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/** Applications (no web server, no component scan) whose beans declare a retry or a hedge on {@code @Guarded}. */
public final class DeclaredApplications {

    private DeclaredApplications() {
    }

    /**
     * A dependency that fails its first {@link #failFirst} calls, counting every call. Read through its
     * methods: the test holds the bean's proxy, whose own fields are not the bean's.
     */
    public static class Orders {
        private final AtomicInteger calls = new AtomicInteger();
        private final AtomicInteger fallbacks = new AtomicInteger();
        private volatile int failFirst;

        public AtomicInteger calls() {
            return calls;
        }

        public AtomicInteger fallbacks() {
            return fallbacks;
        }

        public void failFirst(int count) {
            failFirst = count;
        }

        @Guarded(name = "orders", retry = "orders-retry", fallbackMethod = "cached")
        public String order(String id) {
            int call = calls.incrementAndGet();
            if (call <= failFirst) {
                throw new IllegalStateException("down at call " + call);
            }
            return id + " on call " + call;
        }

        String cached(String id, Throwable cause) {
            fallbacks.incrementAndGet();
            return "cached " + id + " after " + cause.getMessage();
        }

        @Guarded(name = "orders-async", retry = "orders-async-retry", fallbackMethod = "cachedAsync")
        public CompletionStage<String> orderAsync(String id) {
            int call = calls.incrementAndGet();
            if (call <= failFirst) {
                return CompletableFuture.failedFuture(new IllegalStateException("down at call " + call));
            }
            return CompletableFuture.completedFuture(id + " on call " + call);
        }

        CompletionStage<String> cachedAsync(String id, Throwable cause) {
            fallbacks.incrementAndGet();
            return CompletableFuture.completedFuture("cached " + id + " after " + cause.getMessage());
        }

        @Guarded(name = "orders-mono", retry = "orders-mono-retry", fallbackMethod = "cachedMono")
        public Mono<String> orderMono(String id) {
            return Mono.fromCallable(() -> {
                int call = calls.incrementAndGet();
                if (call <= failFirst) {
                    throw new IllegalStateException("down at call " + call);
                }
                return id + " on call " + call;
            });
        }

        Mono<String> cachedMono(String id, Throwable cause) {
            fallbacks.incrementAndGet();
            return Mono.just("cached " + id + " after " + cause.getMessage());
        }

        @Guarded(name = "orders-bare", retry = "orders-bare-retry")
        public String bare(String id) {
            calls.incrementAndGet();
            throw new IllegalStateException("always down");
        }
    }

    /** Retries with no wait between attempts (nothing waits on the clock), no budget or throttle in the way. */
    @SpringBootConfiguration
    @EnableAutoConfiguration
    public static class Retries {
        @Bean
        Orders orders() {
            return new Orders();
        }
    }

    /**
     * A dependency whose first call hangs until {@link #release}d and whose later calls answer at once;
     * {@link #firstStarted} opens when the first call has begun.
     */
    public static class Profiles {
        private final AtomicInteger calls = new AtomicInteger();
        private final CountDownLatch firstStarted = new CountDownLatch(1);
        private final CountDownLatch release = new CountDownLatch(1);

        public AtomicInteger calls() {
            return calls;
        }

        public CountDownLatch firstStarted() {
            return firstStarted;
        }

        public CountDownLatch release() {
            return release;
        }

        @Guarded(name = "profiles", hedge = "profiles-hedge", idempotent = true)
        public String profile(String id) throws InterruptedException {
            return answer(id);
        }

        @Guarded(name = "profiles-async", hedge = "profiles-async-hedge", idempotent = true)
        public CompletionStage<String> profileAsync(String id) {
            int call = calls.incrementAndGet();
            if (call == 1) {
                firstStarted.countDown();
                return new CompletableFuture<>(); // never answers: only a hedge can
            }
            return CompletableFuture.completedFuture(id + " from call " + call);
        }

        private String answer(String id) throws InterruptedException {
            int call = calls.incrementAndGet();
            if (call == 1) {
                firstStarted.countDown();
                release.await(60, TimeUnit.SECONDS); // bounded: the test releases it when done
                return id + " from the first call";
            }
            return id + " from call " + call;
        }
    }

    /** Hedges on the registry of a manual clock: the test moves time past the hedge delay. */
    @SpringBootConfiguration
    @EnableAutoConfiguration
    public static class Hedges {
        @Bean
        ManualClock clock() {
            return new ManualClock();
        }

        @Bean(destroyMethod = "close")
        GuardRegistry guardRegistry(ManualClock clock) {
            return GuardRegistry.builder().ticker(clock).scheduler(clock).build();
        }

        @Bean
        Profiles profiles() {
            return new Profiles();
        }
    }

    /** A hedge on a method not marked idempotent. */
    public static class NotIdempotentBean {
        @Guarded(name = "writes", hedge = "writes-hedge")
        public String write(String value) {
            return value;
        }
    }

    /** A retry whose name no key configures. */
    public static class UnknownRetryBean {
        @Guarded(name = "lookups", retry = "lookups-retyr")
        public String lookup(String key) {
            return key;
        }
    }

    /** A hedge whose name no key configures. */
    public static class UnknownHedgeBean {
        @Guarded(name = "lookups", hedge = "lookups-hedg", idempotent = true)
        public String lookup(String key) {
            return key;
        }
    }

    /** A retry on a Flux method. */
    public static class FluxRetryBean {
        @Guarded(name = "quotes", retry = "quotes-retry")
        public Flux<String> quote(String symbol) {
            return Flux.just(symbol);
        }
    }

    /** A retry and a hedge on one method. */
    public static class BothBean {
        @Guarded(name = "prices", retry = "prices-retry", hedge = "prices-hedge", idempotent = true)
        public String price(String symbol) {
            return symbol;
        }
    }

    /** A retry and a hedge on one method not marked idempotent. */
    public static class BothNotIdempotentBean {
        @Guarded(name = "prices", retry = "prices-retry", hedge = "prices-hedge")
        public String price(String symbol) {
            return symbol;
        }
    }

    /** One hedge declared under the retries of two guards. */
    public static class CrossedPoliciesBean {
        @Guarded(name = "left", retry = "left-retry", hedge = "shared-hedge", idempotent = true)
        public String left(String key) {
            return key;
        }

        @Guarded(name = "right", retry = "right-retry", hedge = "shared-hedge", idempotent = true)
        public String right(String key) {
            return key;
        }
    }

    /** One retry declared through two guards. */
    public static class SharedRetryBean {
        @Guarded(name = "left", retry = "shared-retry")
        public String left(String key) {
            return key;
        }

        @Guarded(name = "right", retry = "shared-retry")
        public String right(String key) {
            return key;
        }
    }

    /** A retry named {@code default}, the name of the default section. */
    public static class DefaultNamedBean {
        @Guarded(name = "reports", retry = "default")
        public String report(String key) {
            return key;
        }
    }

    /** Two methods of one guard sharing one retry. */
    public static class SharedOnOneGuardBean {
        @Guarded(name = "same", retry = "same-retry")
        public String first(String key) {
            return "first " + key;
        }

        @Guarded(name = "same", retry = "same-retry")
        public String second(String key) {
            return "second " + key;
        }
    }

    /** The application: its one bean is registered by the test. */
    @SpringBootConfiguration
    @EnableAutoConfiguration
    public static class Refused {
    }
}
