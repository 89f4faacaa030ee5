package dev.firebreak.time;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The timer's heap against a sorted list: random adds, removals and takes, deadlines near the wrap. */
class DeadlineHeapTest {

    @ParameterizedTest(name = "origin {0}")
    @ValueSource(longs = {0L, Long.MAX_VALUE - 500_000L, Long.MIN_VALUE + 3L, -1_000L})
    void behavesAsASortedListUnderRandomOperations(long origin) {
        Random random = new Random(origin ^ 17);
        DeadlineHeap heap = new DeadlineHeap();
        List<DeadlineHeap.Entry> model = new ArrayList<>();
        Comparator<DeadlineHeap.Entry> byDeadline = (a, b) -> Long.signum(a.deadline - b.deadline);
        for (int step = 0; step < 20_000; step++) {
            int op = random.nextInt(10);
            if (op < 5 || model.isEmpty()) {
                DeadlineHeap.Entry entry = new DeadlineHeap.Entry(origin + random.nextInt(1_000_000), () -> { });
                heap.add(entry);
                model.add(entry);
            } else if (op < 8) {
                DeadlineHeap.Entry victim = model.remove(random.nextInt(model.size()));
                assertThat(heap.remove(victim)).isTrue();
                assertThat(heap.remove(victim)).as("an entry leaves once").isFalse();
            } else {
                model.sort(byDeadline);
                DeadlineHeap.Entry first = heap.peek();
                assertThat(first.deadline).isEqualTo(model.get(0).deadline);
                assertThat(heap.remove(first)).isTrue();
                model.remove(first);
            }
            assertThat(heap.size()).isEqualTo(model.size());
        }
        model.sort(byDeadline);
        for (DeadlineHeap.Entry expected : model) {
            DeadlineHeap.Entry first = heap.peek();
            assertThat(first.deadline).isEqualTo(expected.deadline);
            heap.remove(first);
        }
        assertThat(heap.peek()).isNull();
    }

    @org.junit.jupiter.api.Test
    void addReportsWhetherTheEntryIsTheEarliest() {
        DeadlineHeap heap = new DeadlineHeap();
        assertThat(heap.add(new DeadlineHeap.Entry(100, () -> { }))).isTrue();
        assertThat(heap.add(new DeadlineHeap.Entry(200, () -> { }))).isFalse();
        assertThat(heap.add(new DeadlineHeap.Entry(50, () -> { }))).isTrue();
    }
}
