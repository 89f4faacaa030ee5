package dev.firebreak.samples.passthrough.mvc;

import dev.firebreak.samples.passthrough.Message;
import dev.firebreak.samples.passthrough.MessageAck;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/** {@code POST /passthrough/message}, on a virtual thread per request. */
@RestController
public class PassthroughController {

    private final DownstreamClient client;

    /** The controller over its guarded client. */
    public PassthroughController(DownstreamClient client) {
        this.client = client;
    }

    /** Relays the message and answers the downstream's acknowledgement, or the fallback's. */
    @PostMapping("/passthrough/message")
    public MessageAck passthrough(@RequestBody Message message) {
        return client.relay(message);
    }
}
