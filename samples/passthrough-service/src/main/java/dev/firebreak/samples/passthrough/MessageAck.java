package dev.firebreak.samples.passthrough;

/**
 * The downstream's answer, or the service's own when the downstream cannot give one.
 *
 * @param id the message's id
 * @param received the payload the downstream received
 * @param ack {@code OK} from the downstream, {@code FALLBACK ...} from the service's fallback
 */
public record MessageAck(String id, String received, String ack) {

    /** The service's answer when the call failed: what happened, from the guard's point of view. */
    public static MessageAck fallback(Message message, Throwable cause) {
        return new MessageAck(message.id(), null, "FALLBACK " + cause.getClass().getSimpleName());
    }
}
