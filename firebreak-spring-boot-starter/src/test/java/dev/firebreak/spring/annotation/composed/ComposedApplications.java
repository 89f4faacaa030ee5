package dev.firebreak.spring.annotation.composed;

import dev.firebreak.GuardRegistry;
import dev.firebreak.spring.annotation.Guarded;
import dev.firebreak.testkit.ManualClock;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.context.annotation.Bean;
import reactor.core.publisher.Mono;

/** An application (no web server, no component scan) whose methods declare a retry and a hedge together. */
public final class ComposedApplications {

    private ComposedApplications() {
    }

    /**
     * A dependency whose every call is a pending stage the test completes, in the order of the calls; the
     * same for each kind of method. Read through its methods: the test holds the bean's proxy.
     */
    public static class Quotes {
        private final List<CompletableFuture<String>> stages = new CopyOnWriteArrayList<>();
        private final AtomicInteger fallbacks = new AtomicInteger();

        public List<CompletableFuture<String>> stages() {
            return stages;
        }

        public AtomicInteger fallbacks() {
            return fallbacks;
        }

        private CompletableFuture<String> next() {
            CompletableFuture<String> stage = new CompletableFuture<>();
            stages.add(stage);
            return stage;
        }

        @Guarded(name = "quotes", retry = "quotes-retry", hedge = "quotes-hedge", idempotent = true,
                fallbackMethod = "cached")
        public String quote(String symbol) throws InterruptedException {
            try {
                return next().get(60, TimeUnit.SECONDS); // bounded: the test completes or cancels it
            } catch (ExecutionException e) {
                throw (RuntimeException) e.getCause();
            } catch (java.util.concurrent.TimeoutException e) {
                throw new IllegalStateException(e);
            }
        }

        String cached(String symbol, Throwable cause) {
            fallbacks.incrementAndGet();
            return "cached " + symbol + " after " + cause.getMessage();
        }

        @Guarded(name = "quotes-async", retry = "quotes-async-retry", hedge = "quotes-async-hedge", idempotent = true,
                fallbackMethod = "cachedAsync")
        public CompletionStage<String> quoteAsync(String symbol) {
            return next();
        }

        CompletionStage<String> cachedAsync(String symbol, Throwable cause) {
            return CompletableFuture.completedFuture(cached(symbol, cause));
        }

        @Guarded(name = "quotes-mono", retry = "quotes-mono-retry", hedge = "quotes-mono-hedge", idempotent = true,
                fallbackMethod = "cachedMono")
        public Mono<String> quoteMono(String symbol) {
            return Mono.defer(() -> Mono.fromFuture(next())); // one call of the dependency per subscription
        }

        Mono<String> cachedMono(String symbol, Throwable cause) {
            return Mono.fromSupplier(() -> cached(symbol, cause));
        }
    }

    /** The registry on a manual clock: the test moves time past each hedge delay and retry wait. */
    @SpringBootConfiguration
    @EnableAutoConfiguration
    public static class App {
        @Bean
        ManualClock clock() {
            return new ManualClock();
        }

        @Bean(destroyMethod = "close")
        GuardRegistry guardRegistry(ManualClock clock) {
            return GuardRegistry.builder().ticker(clock).scheduler(clock).build();
        }

        @Bean
        Quotes quotes() {
            return new Quotes();
        }
    }
}
