package dev.firebreak.spring.boot.criticality;

import java.util.Objects;
import org.springframework.web.reactive.function.client.ClientRequest;
import org.springframework.web.reactive.function.client.ClientResponse;
import org.springframework.web.reactive.function.client.ExchangeFilterFunction;
import org.springframework.web.reactive.function.client.ExchangeFunction;
import reactor.core.publisher.Mono;

/**
 * Puts the caller's level in a header of every request a {@code WebClient} sends, unless the request names
 * one itself: the level in the subscriber's Reactor {@code Context} (the inbound filter and
 * {@code @Guarded(criticality = ...)} write it there), else the subscribing thread's. The starter adds it to
 * Boot's {@code WebClient.Builder} ({@code firebreak.criticality.propagate}); a builder made by hand takes it
 * with {@code .filter(new CriticalityExchangeFilter(Criticality.HEADER))}.
 */
public final class CriticalityExchangeFilter implements ExchangeFilterFunction {

    private final String header;

    /** A filter writing the header {@code header} (usually {@code Criticality.HEADER}). */
    public CriticalityExchangeFilter(String header) {
        this.header = Objects.requireNonNull(header, "header");
    }

    @Override
    public Mono<ClientResponse> filter(ClientRequest request, ExchangeFunction next) {
        if (request.headers().containsHeader(header)) {
            return next.exchange(request);
        }
        return Mono.deferContextual(context -> next.exchange(ClientRequest.from(request)
                .header(header, ReactorCriticality.current(context).name()).build()));
    }

    @Override
    public String toString() {
        return "CriticalityExchangeFilter[" + header + "]";
    }
}
