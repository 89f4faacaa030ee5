package dev.firebreak.time;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The timer's early wake-up: the lead follows the park's lateness, within its cap and its spin budget. */
class ParkLeadTest {

    private static final long US = 1_000L;
    private static final long MS = 1_000_000L;

    @Test
    void theLeadSettlesNearTheNinetiethPercentileOfTheParksLateness() {
        ParkLead lead = new ParkLead(5 * MS, 0L, 50 * MS, 1_000 * MS);
        SplittableRandom random = new SplittableRandom(17);
        // lateness uniform over 0..1,000 us: its 90th percentile is 900 us
        for (int i = 0; i < 20_000; i++) {
            lead.parkReturnedLate(random.nextLong(1_000 * US));
        }
        assertThat(lead.currentLeadNanos()).isBetween(820 * US, 980 * US);
    }

    @Test
    void theLeadNeverPassesItsCapNorGoesBelowZero() {
        ParkLead lead = new ParkLead(300 * US, 100 * US, 50 * MS, 1_000 * MS);
        for (int i = 0; i < 1_000; i++) {
            lead.parkReturnedLate(10 * MS);
        }
        assertThat(lead.currentLeadNanos()).isEqualTo(300 * US);
        for (int i = 0; i < 1_000; i++) {
            lead.parkReturnedLate(0L);
        }
        assertThat(lead.currentLeadNanos()).isZero();
    }

    @Test
    void oncePerWindowTheSpinBudgetRunsOutAndTheLeadIsZeroUntilTheNextWindow() {
        ParkLead lead = new ParkLead(1 * MS, 500 * US, 2 * MS, 1_000 * MS);
        long start = 7_000 * MS;
        assertThat(lead.leadNanos(start)).isEqualTo(500 * US);
        lead.spun(1 * MS);
        assertThat(lead.leadNanos(start + 10 * MS)).isEqualTo(500 * US);
        lead.spun(1 * MS); // 2 ms of 2 ms spent
        assertThat(lead.leadNanos(start + 20 * MS)).isZero();
        assertThat(lead.leadNanos(start + 999 * MS)).isZero();
        assertThat(lead.leadNanos(start + 1_000 * MS)).as("a new window").isEqualTo(500 * US);
    }

    @Test
    void aZeroCapNeverWakesEarly() {
        ParkLead off = new ParkLead(0L, 500 * US, 50 * MS, 1_000 * MS);
        off.parkReturnedLate(5 * MS);
        assertThat(off.leadNanos(0L)).isZero();
    }

    @Test
    void refusesNegativeFigures() {
        assertThatThrownBy(() -> new ParkLead(-1L, 0L, 0L, 1L))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("maxLeadNanos");
        assertThatThrownBy(() -> new ParkLead(0L, 0L, 0L, 0L)).isInstanceOf(IllegalArgumentException.class);
    }
}
