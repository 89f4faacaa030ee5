package dev.firebreak.spring.boot.actuate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class StreamConnectionsTest {

    private final StreamConnections connections = new StreamConnections(2, Duration.ofMillis(500));

    @Test
    void theCapRefusesTheConnectionBeyondItAndAClosedSlotIsGivenBackOnce() {
        StreamConnections.Slot first = connections.tryOpen();
        StreamConnections.Slot second = connections.tryOpen();
        assertThat(first).isNotNull();
        assertThat(second).isNotNull();
        assertThat(connections.tryOpen()).isNull();
        assertThat(connections.fullMessage()).contains("2", "firebreak.stream.max-connections");
        first.close();
        first.close(); // a second close gives nothing more back
        assertThat(connections.tryOpen()).isNotNull();
        assertThat(connections.tryOpen()).isNull();
    }

    @Test
    void theDelayParameterIsReadOrRefusedNamingItsValueAndRule() {
        assertThat(connections.interval(null)).isEqualTo(Duration.ofMillis(500));
        assertThat(connections.interval(" 100 ")).isEqualTo(Duration.ofMillis(100));
        assertThatThrownBy(() -> connections.interval("0")).hasMessage("delay = 0: must be a whole number of milliseconds >= 1");
        assertThatThrownBy(() -> connections.interval("1.5")).hasMessageContaining("delay = 1.5");
    }

    @Test
    void aBadCapOrIntervalIsRefused() {
        assertThatThrownBy(() -> new StreamConnections(0, Duration.ofMillis(500)))
                .hasMessage("firebreak.stream.max-connections = 0: must be >= 1");
        assertThatThrownBy(() -> new StreamConnections(1, Duration.ZERO)).hasMessageContaining("firebreak.stream.interval");
    }
}
