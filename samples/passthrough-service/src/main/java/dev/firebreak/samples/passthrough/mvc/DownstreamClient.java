package dev.firebreak.samples.passthrough.mvc;

import dev.firebreak.samples.passthrough.Message;
import dev.firebreak.samples.passthrough.MessageAck;
import dev.firebreak.spring.annotation.Guarded;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.http.MediaType;
import org.springframework.stereotype.Service;
import org.springframework.web.client.RestClient;

/** The blocking downstream call of seed 002 ({@code RestTemplate} then, {@code RestClient} now), under the guard. */
@Service
public class DownstreamClient {

    private final RestClient downstream;

    /** A client of {@code downstream.url}. */
    public DownstreamClient(@Value("${downstream.url}") String url) {
        this.downstream = RestClient.create(url);
    }

    /** Relays {@code message}; the guard {@code passthrough} bounds it (see application.yml). */
    @Guarded(name = "passthrough", fallbackMethod = "relayFallback")
    public MessageAck relay(Message message) {
        return downstream.post().uri("/messages").contentType(MediaType.APPLICATION_JSON).body(message)
                .retrieve().body(MessageAck.class);
    }

    MessageAck relayFallback(Message message, Throwable cause) {
        return MessageAck.fallback(message, cause);
    }
}
