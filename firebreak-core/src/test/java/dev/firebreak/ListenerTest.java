package dev.firebreak;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.event.EventType;
import dev.firebreak.event.Events;
import dev.firebreak.support.GuardFixture;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(GuardFixture.Extension.class)
class ListenerTest {

    @Test
    void aThrowingListenerNeverBreaksACallAndOthersStillHearIt(GuardFixture fixture) {
        Guard guard = fixture.guard("listened").isolation(Isolation.semaphore(1)).build();
        List<String> heard = new ArrayList<>();
        guard.controls().addListener((name, events, exec, total) -> {
            throw new IllegalStateException("listener bug");
        });
        guard.controls().addListener((name, events, exec, total) -> heard.add(name + ":" + Events.format(events)));

        String value = guard.execute(() -> "value");
        assertThat(value).isEqualTo("value");
        String recovered = guard.execute(() -> {
            throw new IllegalStateException("down");
        }, failure -> "fallback");
        assertThat(recovered).isEqualTo("fallback");

        assertThat(heard).containsExactly("listened:SUCCESS", "listened:FAILURE, FALLBACK_SUCCESS");
    }

    @Test
    void guardAndRegistryListenersHearEachCallOnceAndCanUnsubscribe(GuardFixture fixture) {
        Guard guard = fixture.guard("counted").isolation(Isolation.semaphore(1)).build();
        List<Long> local = new ArrayList<>();
        dev.firebreak.event.GuardListener listener = (name, events, exec, total) -> local.add(events);
        guard.controls().addListener(listener);
        guard.execute(() -> 1);
        guard.controls().removeListener(listener);
        guard.execute(() -> 2);

        assertThat(local).containsExactly(EventType.SUCCESS.bit());
        assertThat(fixture.events()).hasSize(2);
    }

    @Test
    void eventMasksRoundTrip() {
        long mask = Events.maskOf(EventType.FAILURE, EventType.FALLBACK_SUCCESS);
        assertThat(Events.toSet(mask)).containsExactly(EventType.FAILURE, EventType.FALLBACK_SUCCESS);
        assertThat(Events.executionEvent(mask)).isEqualTo(EventType.FAILURE);
        assertThat(EventType.count()).isLessThanOrEqualTo(64);
        assertThat(EventType.ofOrdinal(EventType.TIMEOUT.ordinal())).isEqualTo(EventType.TIMEOUT);
    }
}
