package dev.firebreak.samples.passthrough;

/**
 * The request relayed downstream, as in seed 002: the downstream waits {@code delay} milliseconds.
 *
 * @param id the message's id
 * @param payload what it carries
 * @param delay how long the downstream takes, in milliseconds
 */
public record Message(String id, String payload, long delay) {
}
