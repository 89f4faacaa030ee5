package dev.firebreak.samples.passthrough.webflux;

import dev.firebreak.samples.passthrough.Message;
import dev.firebreak.samples.passthrough.MessageAck;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/** {@code POST /passthrough/message} on WebFlux. */
@RestController
public class PassthroughHandler {

    private final ReactiveDownstreamClient client;

    /** The handler over its guarded client. */
    public PassthroughHandler(ReactiveDownstreamClient client) {
        this.client = client;
    }

    /** Relays the message and answers the downstream's acknowledgement, or the fallback's. */
    @PostMapping("/passthrough/message")
    public Mono<MessageAck> passthrough(@RequestBody Mono<Message> message) {
        return message.flatMap(client::relay);
    }
}
