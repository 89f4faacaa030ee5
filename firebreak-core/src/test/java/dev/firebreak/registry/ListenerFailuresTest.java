package dev.firebreak.registry;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.event.ListenerFailures;
import org.junit.jupiter.api.Test;

/** The one listener rule: caught, logged once per listener, never rethrown. */
class ListenerFailuresTest {

    @Test
    void aListenersFirstFailureIsLoggedAndLaterOnesAreNot() {
        Object listener = new Object();
        Object other = new Object();
        RuntimeException bug = new RuntimeException("bug");

        assertThat(ListenerFailures.report(listener, "a test", bug)).isTrue();
        assertThat(ListenerFailures.report(listener, "a test", bug)).isFalse();
        assertThat(ListenerFailures.report(other, "a test", bug)).as("another listener is logged too").isTrue();
    }

    @Test
    void notifyNeverRethrows() {
        Object listener = new Object();
        ListenerFailures.notify(listener, "a test", () -> {
            throw new IllegalStateException("bug");
        });
        ListenerFailures.notify(listener, "a test", () -> {
            throw new AssertionError("an Error too");
        });
    }
}
