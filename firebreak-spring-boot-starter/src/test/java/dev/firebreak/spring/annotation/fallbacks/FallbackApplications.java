package dev.firebreak.spring.annotation.fallbacks;

import dev.firebreak.GuardTimeoutException;
import dev.firebreak.spring.annotation.Guarded;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/** Beans with typed and guarded fallback methods, good and bad, and the application that registers one. */
public final class FallbackApplications {

    private FallbackApplications() {
    }

    /** Fails as it is told; its typed fallbacks say which one answered. */
    public static class TypedBean {
        @Guarded(name = "typed", fallbackMethod = "fallback")
        public String call(Supplier<RuntimeException> failure) {
            throw failure.get();
        }

        String fallback(Supplier<RuntimeException> failure, IllegalArgumentException cause) {
            return "illegal argument";
        }

        String fallback(Supplier<RuntimeException> failure, NumberFormatException cause) {
            return "number format"; // a subclass of IllegalArgumentException: more specific, chosen first
        }

        String fallback(Supplier<RuntimeException> failure, GuardTimeoutException cause) {
            return "timeout";
        }

        String fallback(Supplier<RuntimeException> failure) {
            return "catch-all";
        }
    }

    /** A checked exception parameter it may throw, beside a catch-all taking the cause. */
    public static class CheckedBean {
        @Guarded(name = "checked", fallbackMethod = "fallback")
        public String read(String path) throws IOException {
            throw path.isEmpty() ? new IOException("io") : new FileNotFoundException(path);
        }

        String fallback(String path, FileNotFoundException cause) {
            return "not found " + path;
        }

        String fallback(String path, Throwable cause) {
            return "catch-all " + cause.getClass().getSimpleName();
        }
    }

    /** Two catch-alls: ambiguous. */
    public static class AmbiguousBean {
        @Guarded(name = "ambiguous", fallbackMethod = "fallback")
        public String call(String id) {
            return id;
        }

        String fallback(String id) {
            return "plain";
        }

        String fallback(String id, Throwable cause) {
            return "with cause";
        }
    }

    /** A checked exception the method never declares: that fallback can never be chosen. */
    public static class UnreachableBean {
        @Guarded(name = "unreachable", fallbackMethod = "fallback")
        public String call(String id) {
            return id;
        }

        String fallback(String id, IOException cause) {
            return "never";
        }

        String fallback(String id) {
            return "catch-all";
        }
    }

    /** Typed fallbacks only: a failure of another type would have none. */
    public static class NoCatchAllBean {
        @Guarded(name = "no-catch-all", fallbackMethod = "fallback")
        public String call(String id) {
            return id;
        }

        String fallback(String id, UncheckedIOException cause) {
            return "io";
        }
    }

    /** Its fallback runs through a guard of its own. */
    public static class GuardedFallbackBean {
        @Guarded(name = "primary", fallbackMethod = "secondary")
        public String call(String id) {
            throw new IllegalStateException("primary down");
        }

        @Guarded(name = "secondary")
        public String secondary(String id) {
            if (id.equals("fail")) {
                throw new IllegalArgumentException("secondary down too");
            }
            return "secondary " + id;
        }
    }

    /**
     * Stage, Mono and Flux methods that always fail, each falling back to a guarded method of its kind,
     * which fails for the id "fail"; {@link #secondaryCalls} counts the fallbacks' calls.
     */
    public static class AsyncGuardedFallbackBean {
        private final AtomicInteger secondaryCalls = new AtomicInteger();

        public AtomicInteger secondaryCalls() {
            return secondaryCalls;
        }

        @Guarded(name = "stage-primary", fallbackMethod = "stageSecondary")
        public CompletableFuture<String> stage(String id) {
            return CompletableFuture.failedFuture(new IllegalStateException("primary down"));
        }

        @Guarded(name = "stage-secondary")
        public CompletableFuture<String> stageSecondary(String id) {
            secondaryCalls.incrementAndGet();
            return id.equals("fail") ? CompletableFuture.failedFuture(new IllegalArgumentException("secondary down too"))
                    : CompletableFuture.completedFuture("secondary " + id);
        }

        @Guarded(name = "mono-primary", fallbackMethod = "monoSecondary")
        public Mono<String> mono(String id) {
            return Mono.error(new IllegalStateException("primary down"));
        }

        @Guarded(name = "mono-secondary")
        public Mono<String> monoSecondary(String id) {
            secondaryCalls.incrementAndGet();
            return id.equals("fail") ? Mono.error(new IllegalArgumentException("secondary down too"))
                    : Mono.just("secondary " + id);
        }

        @Guarded(name = "flux-primary", fallbackMethod = "fluxSecondary")
        public Flux<String> flux(String id) {
            return Flux.error(new IllegalStateException("primary down"));
        }

        @Guarded(name = "flux-secondary")
        public Flux<String> fluxSecondary(String id) {
            secondaryCalls.incrementAndGet();
            return id.equals("fail") ? Flux.error(new IllegalArgumentException("secondary down too"))
                    : Flux.just("secondary " + id, "and more");
        }
    }

    /** Stage, Mono and Flux methods with a declared retry, each falling back to a guarded method. */
    public static class RetriedGuardedFallbackBean {
        @Guarded(name = "retried-stage", retry = "retried-stage-retry", fallbackMethod = "stageBackup")
        public CompletableFuture<String> stage(String id) {
            return CompletableFuture.failedFuture(new IllegalStateException("primary down"));
        }

        @Guarded(name = "stage-backup")
        public CompletableFuture<String> stageBackup(String id) {
            return id.equals("fail") ? CompletableFuture.failedFuture(new IllegalArgumentException("backup down"))
                    : CompletableFuture.completedFuture("backup " + id);
        }

        @Guarded(name = "retried-mono", retry = "retried-mono-retry", fallbackMethod = "monoBackup")
        public Mono<String> mono(String id) {
            return Mono.error(new IllegalStateException("primary down"));
        }

        @Guarded(name = "mono-backup")
        public Mono<String> monoBackup(String id) {
            return id.equals("fail") ? Mono.error(new IllegalArgumentException("backup down")) : Mono.just("backup " + id);
        }

        @Guarded(name = "retried-flux", retry = "retried-flux-retry", fallbackMethod = "fluxBackup")
        public Flux<String> flux(String id) {
            return Flux.error(new IllegalStateException("primary down"));
        }

        @Guarded(name = "flux-backup")
        public Flux<String> fluxBackup(String id) {
            return id.equals("fail") ? Flux.error(new IllegalArgumentException("backup down")) : Flux.just("backup " + id);
        }
    }

    /** Two guarded methods falling back to each other. */
    public static class CycleBean {
        @Guarded(name = "cycle-a", fallbackMethod = "b")
        public String a(String id) {
            return id;
        }

        @Guarded(name = "cycle-b", fallbackMethod = "a")
        public String b(String id) {
            return id;
        }
    }

    /** A longer cycle, entered from a method outside it. */
    public static class LongCycleBean {
        @Guarded(name = "entry", fallbackMethod = "first")
        public String entry(String id) {
            return id;
        }

        @Guarded(name = "first", fallbackMethod = "second")
        public String first(String id) {
            return id;
        }

        @Guarded(name = "second", fallbackMethod = "third")
        public String second(String id) {
            return id;
        }

        @Guarded(name = "third", fallbackMethod = "first")
        public String third(String id) {
            return id;
        }
    }

    /** Declares a classification for its guard on the annotation. */
    public static class ClassifiedBean {
        @Guarded(name = "classified", fallbackMethod = "fallback", ignore = IllegalArgumentException.class)
        public String call(RuntimeException thrown) {
            throw thrown;
        }

        @Guarded(name = "classified", record = IllegalStateException.class)
        public String other(String id) {
            return id;
        }

        String fallback(RuntimeException thrown) {
            return "fallback";
        }
    }

    /** Declares a classification on one method only: the other method of the guard declares none. */
    public static class OneClassifiedBean {
        @Guarded(name = "one-classified", fallbackMethod = "fallback", ignore = IllegalArgumentException.class)
        public String call(RuntimeException thrown) {
            throw thrown;
        }

        String fallback(RuntimeException thrown) {
            return "fallback";
        }
    }

    /** The application: auto-configuration only, the bean registered by the test. */
    @SpringBootConfiguration
    @EnableAutoConfiguration
    public static class App {
    }
}
