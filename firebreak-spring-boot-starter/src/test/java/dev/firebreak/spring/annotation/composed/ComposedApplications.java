package dev.firebreak.spring.annotation.composed;

import dev.firebreak.GuardRegistry;
import dev.firebreak.spring.annotation.Guarded;
import dev.firebreak.testkit.ManualClock;
import java.util.ArrayList;
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
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Sinks;

/** An application (no web server, no component scan) whose methods declare a retry and a hedge together. */
public final class ComposedApplications {

    private ComposedApplications() {
    }

    /**
     * The application's keys, then {@code extra}: every retry of two attempts 10 ms apart, every hedge
     * 20 ms after its attempt, one hedge, no budget or throttle in the way (a test turns one on).
     */
    public static String[] properties(String... extra) {
        List<String> keys = new ArrayList<>(List.of("spring.cloud.compatibility-verifier.enabled=false",
                "firebreak.config.poll-interval=0"));
        for (String guard : List.of("quotes", "quotes-async", "quotes-mono", "feeds", "feeds-hedged", "feeds-both")) {
            String retry = "firebreak.retry." + guard + "-retry.";
            String hedge = "firebreak.hedge." + guard + "-hedge.";
            String command = "firebreak.command." + guard + ".execution.isolation.";
            keys.addAll(List.of(retry + "maxAttempts=2", retry + "backoff.initialInMilliseconds=10",
                    retry + "backoff.maxInMilliseconds=10", retry + "backoff.jitter=NONE", retry + "budget.enabled=false",
                    retry + "throttle.enabled=false", hedge + "delay.fixedInMilliseconds=20", hedge + "maxHedges=1",
                    hedge + "budget.enabled=false", hedge + "throttle.enabled=false", command + "strategy=VIRTUAL",
                    command + "thread.interruptOnCancel=true"));
        }
        keys.addAll(List.of(extra));
        return keys.toArray(String[]::new);
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

    /**
     * A dependency whose every call is a stream the test drives (emits, fails, completes), in the order of
     * the calls; {@link #cancelled} lists the calls whose stream saw a cancel.
     */
    public static class Feeds {
        private final List<Sinks.Many<String>> sinks = new CopyOnWriteArrayList<>();
        private final List<Integer> cancelled = new CopyOnWriteArrayList<>();
        private final AtomicInteger fallbacks = new AtomicInteger();

        public List<Sinks.Many<String>> sinks() {
            return sinks;
        }

        public List<Integer> cancelled() {
            return cancelled;
        }

        public AtomicInteger fallbacks() {
            return fallbacks;
        }

        private synchronized Flux<String> next() {
            Sinks.Many<String> sink = Sinks.many().unicast().onBackpressureBuffer();
            int call = sinks.size();
            sinks.add(sink);
            return sink.asFlux().doOnCancel(() -> cancelled.add(call));
        }

        @Guarded(name = "feeds", retry = "feeds-retry", fallbackMethod = "cachedFeed")
        public Flux<String> feed(String id) {
            return next();
        }

        Flux<String> cachedFeed(String id, Throwable cause) {
            fallbacks.incrementAndGet();
            return Flux.just("cached " + id + " after " + cause.getMessage());
        }

        @Guarded(name = "feeds-hedged", hedge = "feeds-hedged-hedge", idempotent = true)
        public Flux<String> hedgedFeed(String id) {
            return next();
        }

        @Guarded(name = "feeds-both", retry = "feeds-both-retry", hedge = "feeds-both-hedge", idempotent = true)
        public Flux<String> bothFeed(String id) {
            return next();
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

        @Bean
        Feeds feeds() {
            return new Feeds();
        }
    }
}
