package dev.firebreak.spring.boot.inbound;

import dev.firebreak.context.Criticality;
import dev.firebreak.context.RequestContext;
import dev.firebreak.spring.annotation.Guarded;
import dev.firebreak.spring.boot.criticality.ReactorCriticality;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.client.RestClient;
import org.springframework.web.reactive.function.client.WebClient;
import org.springframework.web.server.ResponseStatusException;
import reactor.core.publisher.Mono;

/** Servlet and WebFlux services whose endpoints the inbound filters guard, and a downstream to call. */
public final class InboundApplications {

    private InboundApplications() {
    }

    /** The latch a held request waits on; the test opens it. */
    public static final class Gate {
        volatile CountDownLatch open = new CountDownLatch(1);
        final CountDownLatch entered = new CountDownLatch(1);

        void pass() throws InterruptedException {
            entered.countDown();
            if (!open.await(30, TimeUnit.SECONDS)) {
                throw new IllegalStateException("the test never opened the gate");
            }
        }
    }

    /** A Servlet service. */
    @SpringBootConfiguration
    @EnableAutoConfiguration
    @Import({ServletEndpoints.class, Prefetcher.class})
    public static class ServletApp {
        @Bean
        Gate gate() {
            return new Gate();
        }
    }

    /** A WebFlux service. */
    @SpringBootConfiguration
    @EnableAutoConfiguration
    @Import({ReactiveEndpoints.class, Prefetcher.class})
    public static class ReactiveApp {
        @Bean
        Gate gate() {
            return new Gate();
        }
    }

    /** A method that runs at SHEDDABLE whatever its caller's level. */
    public static class Prefetcher {
        @Guarded(name = "prefetch", criticality = Criticality.SHEDDABLE)
        public String level() {
            return Criticality.current().name();
        }

        @Guarded(name = "prefetch-mono", criticality = Criticality.SHEDDABLE_PLUS)
        public Mono<String> levelLater() {
            return Mono.deferContextual(context -> Mono.just(Criticality.current().name() + "/"
                    + ReactorCriticality.current(context).name()));
        }
    }

    @RestController
    static class ServletEndpoints {
        private final Gate gate;
        private final RestClient.Builder rest;
        private final WebClient.Builder web;
        private final Prefetcher prefetcher;

        ServletEndpoints(Gate gate, RestClient.Builder rest, WebClient.Builder web, Prefetcher prefetcher) {
            this.gate = gate;
            this.rest = rest;
            this.web = web;
            this.prefetcher = prefetcher;
        }

        @GetMapping({"/limited/hold", "/unguarded/hold"})
        String hold() throws InterruptedException {
            gate.pass();
            return "held";
        }

        @GetMapping({"/limited/ok", "/rated/ok", "/windowed/ok", "/broken/ok", "/unguarded/ok", "/api/ok"})
        String ok() {
            return "ok";
        }

        @GetMapping("/api/fail")
        String fail() {
            throw new IllegalStateException("the handler failed");
        }

        @GetMapping("/api/missing")
        String missing() {
            throw new ResponseStatusException(HttpStatus.NOT_FOUND, "no such thing");
        }

        @GetMapping("/api/status")
        ResponseEntity<String> status(@RequestParam int code) {
            return ResponseEntity.status(code).body("status " + code);
        }

        /** The level this request runs at: the thread's, and the request context's. */
        @GetMapping({"/api/level", "/capped/level", "/unguarded/level"})
        String level() {
            return Criticality.current().name() + "/" + RequestContext.currentOrNull().criticality().name();
        }

        /** Calls {@code url} (the other service) with RestClient and with WebClient, returning both answers. */
        @GetMapping({"/api/relay", "/capped/relay"})
        String relay(@RequestParam String url) {
            String byRest = rest.build().get().uri(url).retrieve().body(String.class);
            String byWeb = web.build().get().uri(url).retrieve().bodyToMono(String.class).block();
            return byRest + "|" + byWeb;
        }

        @GetMapping("/api/prefetch")
        String prefetch() {
            return Criticality.current().name() + ">" + prefetcher.level() + ">" + prefetcher.levelLater().block()
                    + ">" + Criticality.current().name();
        }
    }

    @RestController
    static class ReactiveEndpoints {
        private final Gate gate;
        private final WebClient.Builder web;
        private final Prefetcher prefetcher;

        ReactiveEndpoints(Gate gate, WebClient.Builder web, Prefetcher prefetcher) {
            this.gate = gate;
            this.web = web;
            this.prefetcher = prefetcher;
        }

        @GetMapping("/limited/hold")
        Mono<String> hold() {
            CompletableFuture<String> held = new CompletableFuture<>();
            gate.entered.countDown();
            CompletableFuture.runAsync(() -> {
                try {
                    gate.pass();
                    held.complete("held");
                } catch (InterruptedException e) {
                    held.completeExceptionally(e);
                }
            });
            return Mono.fromFuture(held);
        }

        @GetMapping({"/limited/ok", "/rated/ok", "/windowed/ok", "/broken/ok", "/unguarded/ok", "/api/ok"})
        Mono<String> ok() {
            return Mono.just("ok");
        }

        @GetMapping("/api/fail")
        Mono<String> fail() {
            return Mono.error(new IllegalStateException("the handler failed"));
        }

        @GetMapping("/api/missing")
        Mono<String> missing() {
            return Mono.error(new ResponseStatusException(HttpStatus.NOT_FOUND, "no such thing"));
        }

        @GetMapping("/api/status")
        Mono<ResponseEntity<String>> status(@RequestParam int code) {
            return Mono.just(ResponseEntity.status(code).body("status " + code));
        }

        /** The level in the Reactor Context and on the assembling thread. */
        @GetMapping({"/api/level", "/capped/level", "/unguarded/level"})
        Mono<String> level() {
            String assembled = Criticality.current().name();
            return Mono.deferContextual(context -> Mono.just(ReactorCriticality.current(context).name() + "/" + assembled));
        }

        @GetMapping({"/api/relay", "/capped/relay"})
        Mono<String> relay(@RequestParam String url) {
            return web.build().get().uri(url).retrieve().bodyToMono(String.class)
                    .delayElement(java.time.Duration.ofMillis(1)) // continues on another thread: the Context carries it
                    .flatMap(first -> web.build().get().uri(url).retrieve().bodyToMono(String.class)
                            .map(second -> first + "|" + second));
        }

        @GetMapping("/api/prefetch")
        Mono<String> prefetch() {
            return prefetcher.levelLater().map(later -> prefetcher.level() + ">" + later);
        }
    }
}
