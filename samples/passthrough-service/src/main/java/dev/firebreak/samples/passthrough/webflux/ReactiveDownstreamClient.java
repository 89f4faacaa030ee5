package dev.firebreak.samples.passthrough.webflux;

import dev.firebreak.samples.passthrough.Message;
import dev.firebreak.samples.passthrough.MessageAck;
import dev.firebreak.spring.annotation.Guarded;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.http.MediaType;
import org.springframework.stereotype.Service;
import org.springframework.http.client.reactive.ReactorClientHttpConnector;
import org.springframework.web.reactive.function.client.WebClient;
import reactor.netty.http.client.HttpClient;
import reactor.core.publisher.Mono;

/** Seed 002's non-blocking downstream call with {@code WebClient}, under the guard: one guarded call per subscription. */
@Service
public class ReactiveDownstreamClient {

    private final WebClient downstream;

    /**
     * A client of {@code downstream.url}, its Netty event loops and resolver warmed up at startup so the
     * first request does not pay for them within its timeout.
     */
    public ReactiveDownstreamClient(@Value("${downstream.url}") String url) {
        HttpClient http = HttpClient.create();
        http.warmup().block();
        this.downstream = WebClient.builder().baseUrl(url).clientConnector(new ReactorClientHttpConnector(http)).build();
    }

    /** Relays {@code message}; the guard {@code passthrough} bounds it (see application.yml). */
    @Guarded(name = "passthrough", fallbackMethod = "relayFallback")
    public Mono<MessageAck> relay(Message message) {
        return downstream.post().uri("/messages").contentType(MediaType.APPLICATION_JSON).bodyValue(message)
                .retrieve().bodyToMono(MessageAck.class);
    }

    Mono<MessageAck> relayFallback(Message message, Throwable cause) {
        return Mono.just(MessageAck.fallback(message, cause));
    }
}
