package dev.firebreak.priority;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.context.Criticality;
import dev.firebreak.event.EventType;
import java.util.ArrayDeque;
import java.util.Deque;
import org.junit.jupiter.api.Test;

/**
 * Guaranteed shares and borrowing, on the gate with a limit of 10: CRITICAL is guaranteed 50 % (5),
 * SHEDDABLE 30 % (3); sheddable calls may use the whole limit (target 100 %) so only the shares decide.
 */
class PriorityPartitionTest {

    private static final long MS = 1_000_000L;

    private long now;
    private final PriorityGate gate = new PriorityGate(PriorityConfig.builder().enabled(true).targetUtilizationPercent(100)
            .calibrationIntervalInMilliseconds(100).share(Criticality.CRITICAL, 50).share(Criticality.SHEDDABLE, 30)
            .build(), () -> 10, () -> 0, 0L);
    private final Deque<Object> sheddable = new ArrayDeque<>();
    private final Deque<Object> critical = new ArrayDeque<>();

    private Object enter(Criticality level) {
        Criticality before = Criticality.swap(level);
        try {
            return gate.enter(now);
        } finally {
            Criticality.swap(before);
        }
    }

    private int admit(Criticality level, int tries, Deque<Object> held) {
        int admitted = 0;
        for (int i = 0; i < tries; i++) {
            Object permit = enter(level);
            if (permit != null) {
                held.push(permit);
                admitted++;
            }
        }
        return admitted;
    }

    private void exit(Deque<Object> held, int n) {
        for (int i = 0; i < n; i++) {
            gate.exit(held.pop(), EventType.SUCCESS, 1L, now);
        }
    }

    @Test
    void anIdleLevelsShareIsBorrowedAndAnActiveOnesIsKept() {
        assertThat(admit(Criticality.SHEDDABLE, 12, sheddable)).as("CRITICAL idle: its share is borrowed up to the limit")
                .isEqualTo(10);
        assertThat(admit(Criticality.CRITICAL, 1, critical)).as("the borrowers hold the whole limit").isZero();
        exit(sheddable, 3); // 7 SHEDDABLE in flight; CRITICAL is active now, 5 of its share unused
        assertThat(admit(Criticality.SHEDDABLE, 1, sheddable)).as("no borrowing of an active level's unused share")
                .isZero();
        assertThat(admit(Criticality.SHEDDABLE_PLUS, 1, sheddable)).as("nor for a level without a share").isZero();
        assertThat(admit(Criticality.CRITICAL, 5, critical)).as("within its share while the limit has room").isEqualTo(3);
        exit(sheddable, 2); // 5 SHEDDABLE + 3 CRITICAL
        assertThat(admit(Criticality.CRITICAL, 5, critical)).as("up to its share, then the limit").isEqualTo(2);
        assertThat(gate.inFlight()).isEqualTo(10);
        assertThat(gate.inFlight(Criticality.CRITICAL)).isEqualTo(5);
        exit(sheddable, 5); // CRITICAL 5 = its share; SHEDDABLE 0, its 3 unused and active
        assertThat(admit(Criticality.CRITICAL, 5, critical)).as("borrowing: everything but SHEDDABLE's unused share")
                .isEqualTo(2);
        assertThat(admit(Criticality.SHEDDABLE, 5, sheddable)).as("SHEDDABLE's guaranteed share").isEqualTo(3);
        assertThat(gate.inFlight()).isEqualTo(10);
    }

    @Test
    void aLevelFallsIdleAfterTwoCalibrationIntervalsWithoutArrivals() {
        assertThat(admit(Criticality.CRITICAL, 1, critical)).isEqualTo(1);
        exit(critical, 1);
        assertThat(admit(Criticality.SHEDDABLE, 10, sheddable)).as("CRITICAL active: its 5 stay free").isEqualTo(5);
        for (int i = 0; i < 3; i++) {
            now += 100 * MS; // calibrations run on the sheddable arrivals only
            exit(sheddable, 1);
            admit(Criticality.SHEDDABLE, 1, sheddable);
        }
        assertThat(admit(Criticality.SHEDDABLE, 10, sheddable)).as("CRITICAL idle again: borrowed").isEqualTo(5);
        assertThat(gate.inFlight()).isEqualTo(10);
    }

    @Test
    void theInvariantHoldsThroughEverySequenceOfArrivalsAndExits() {
        // inFlight + sum over active levels of max(0, share - inFlight(level)) <= limit, after a first
        // arrival of every level (all active), over a long pseudo-random walk.
        Deque<Object>[] held = new Deque[4];
        for (int o = 0; o < 4; o++) {
            held[o] = new ArrayDeque<>();
            enter(Criticality.values()[o]); // nothing in flight yet: each admitted, then given back
        }
        for (Object p : new Object[] {Criticality.CRITICAL_PLUS, Criticality.CRITICAL, Criticality.SHEDDABLE_PLUS,
                Criticality.SHEDDABLE}) {
            gate.exit(p, EventType.SUCCESS, 1L, now);
        }
        java.util.Random random = new java.util.Random(11);
        int[] shares = {0, 5, 0, 3};
        for (int step = 0; step < 20_000; step++) {
            int o = random.nextInt(4);
            if (random.nextInt(3) > 0) {
                Object permit = enter(Criticality.values()[o]);
                if (permit != null) {
                    held[o].push(permit);
                }
            } else if (!held[o].isEmpty()) {
                gate.exit(held[o].pop(), EventType.SUCCESS, 1L, now);
            }
            int reserved = 0;
            for (int j = 0; j < 4; j++) {
                reserved += Math.max(0, shares[j] - gate.inFlight(Criticality.values()[j]));
            }
            assertThat(gate.inFlight() + reserved).as("step %d", step).isLessThanOrEqualTo(10);
            if (held[1].size() < 5) {
                assertThat(gate.inFlight()).as("CRITICAL under its share always finds room").isLessThan(10);
            }
        }
    }
}
