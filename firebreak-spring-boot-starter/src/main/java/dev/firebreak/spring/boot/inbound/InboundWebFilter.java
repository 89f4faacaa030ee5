package dev.firebreak.spring.boot.inbound;

import dev.firebreak.Guard;
import dev.firebreak.GuardException;
import dev.firebreak.context.Criticality;
import dev.firebreak.spring.boot.criticality.ReactorCriticality;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.atomic.AtomicReference;
import org.springframework.core.Ordered;
import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.MediaType;
import org.springframework.http.server.reactive.ServerHttpResponse;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import reactor.core.publisher.Mono;
import reactor.util.context.Context;

/**
 * The WebFlux stack's inbound protection ({@code firebreak.inbound.enabled}): as {@link InboundServletFilter},
 * the level read from the header and capped, then carried in the Reactor {@code Context}
 * ({@link ReactorCriticality}) and scoped on the thread that subscribes; a request on a route runs through
 * the route's guard with its non-blocking API ({@code Guard.submitAsync}): the permit is held until the
 * rest of the chain completes, no thread is held meanwhile. The subscriber's Context reaches the handler
 * (Security, observations). A refusal is answered 429 or 503 with {@code Retry-After}; the handler's own
 * answer and errors pass through unchanged. Cancelling the exchange cancels the guarded call.
 */
public final class InboundWebFilter implements WebFilter, Ordered {

    /** Early, so a refused request costs little; after Boot's server observation. */
    public static final int ORDER = Ordered.HIGHEST_PRECEDENCE + 100;

    private final InboundGuards inbound;

    /** A filter over {@code inbound}'s routes and guards. */
    public InboundWebFilter(InboundGuards inbound) {
        this.inbound = inbound;
    }

    @Override
    public int getOrder() {
        return ORDER;
    }

    @Override
    public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
        InboundRoute route = inbound.match(exchange.getRequest().getPath().pathWithinApplication());
        Criticality level = inbound.level(route, exchange.getRequest().getHeaders().getFirst(inbound.settings().header()));
        if (route == null) {
            return ReactorCriticality.at(level, chain.filter(exchange));
        }
        Guard guard = inbound.guard(route.guard());
        return Mono.deferContextual(view -> guarded(guard, level, Context.of(view), exchange, chain));
    }

    private Mono<Void> guarded(Guard guard, Criticality level, Context subscriber, ServerWebExchange exchange,
            WebFilterChain chain) {
        HandlerOutcome outcome = new HandlerOutcome();
        AtomicReference<CompletableFuture<Void>> handling = new AtomicReference<>();
        Context context = subscriber.put(dev.firebreak.spring.boot.criticality.CriticalityAccessor.KEY, level);
        CompletableFuture<Void> guarded;
        Criticality before = Criticality.swap(level);
        try {
            guarded = guard.submitAsync(() -> {
                outcome.ran = true;
                CompletableFuture<Void> handled = chain.filter(exchange)
                        .onErrorResume(thrown -> {
                            outcome.thrown = thrown;
                            return HandlerOutcome.clientError(thrown) ? Mono.empty() : Mono.error(thrown);
                        })
                        .then(Mono.defer(() -> {
                            HttpStatusCode status = exchange.getResponse().getStatusCode();
                            return status != null && HandlerOutcome.serverError(status.value())
                                    ? Mono.error(new HandlerOutcome.ServerErrorStatus(status.value())) : Mono.<Void>empty();
                        }))
                        .contextWrite(context)
                        .toFuture(); // cancelling it cancels the chain's subscription
                handling.set(handled);
                return handled;
            });
        } finally {
            Criticality.swap(before);
        }
        return Mono.fromFuture(guarded, true)
                .onErrorResume(thrown -> {
                    Throwable cause = thrown instanceof CompletionException && thrown.getCause() != null
                            ? thrown.getCause() : thrown;
                    if (cause instanceof GuardException refused) {
                        return outcome.ran ? Mono.empty() : answer(exchange, inbound.refusal(guard, refused));
                    }
                    return Mono.error(cause);
                })
                .then(Mono.defer(() -> outcome.thrown == null ? Mono.<Void>empty() : Mono.<Void>error(outcome.thrown)))
                .doOnCancel(() -> {
                    guarded.cancel(false); // the call's outcome first (CANCELLED), then the chain
                    CompletableFuture<Void> chainCall = handling.get();
                    if (chainCall != null) {
                        chainCall.cancel(true);
                    }
                });
    }

    private static Mono<Void> answer(ServerWebExchange exchange, InboundRefusal refusal) {
        ServerHttpResponse response = exchange.getResponse();
        response.setStatusCode(HttpStatus.valueOf(refusal.status()));
        response.getHeaders().set("Retry-After", Long.toString(refusal.retryAfterSeconds()));
        response.getHeaders().setContentType(MediaType.APPLICATION_JSON);
        byte[] body = refusal.body();
        response.getHeaders().setContentLength(body.length);
        DataBuffer buffer = response.bufferFactory().wrap(body);
        return response.writeWith(Mono.just(buffer));
    }
}
