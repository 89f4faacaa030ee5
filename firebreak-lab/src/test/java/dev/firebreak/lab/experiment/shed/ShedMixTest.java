package dev.firebreak.lab.experiment.shed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.firebreak.context.Criticality;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The mix draws each level at its share (within binomial bounds), the same sequence for the same seed, and refuses bad shares. */
class ShedMixTest {

    @Test
    void eachLevelIsDrawnAtItsShareWithinFourStandardDeviations() {
        ShedMix mix = ShedMix.issue(38);
        int n = 200_000;
        Map<Criticality, Integer> counts = new EnumMap<>(Criticality.class);
        for (int i = 0; i < n; i++) {
            counts.merge(mix.draw(), 1, Integer::sum);
        }
        assertThat(mix.classes()).containsExactly(Criticality.values());
        for (Criticality level : Criticality.values()) {
            double p = mix.share(level);
            double sd = Math.sqrt(n * p * (1 - p));
            assertThat((double) counts.getOrDefault(level, 0)).as(level.name()).isBetween(n * p - 4 * sd, n * p + 4 * sd);
        }
    }

    @Test
    void theSameSeedGivesTheSameLevelsAndAnotherSeedOthers() {
        List<Criticality> first = draws(ShedMix.issue(7), 1000);
        assertThat(draws(ShedMix.issue(7), 1000)).isEqualTo(first);
        assertThat(draws(ShedMix.issue(8), 1000)).isNotEqualTo(first);
    }

    @Test
    void aLevelWithShareZeroIsNeverDrawnAndOneWithShareOneAlways() {
        Map<Criticality, Double> shares = new EnumMap<>(Criticality.class);
        shares.put(Criticality.CRITICAL_PLUS, 0.0);
        shares.put(Criticality.CRITICAL, 0.0);
        shares.put(Criticality.SHEDDABLE_PLUS, 1.0);
        shares.put(Criticality.SHEDDABLE, 0.0);
        assertThat(draws(new ShedMix(shares, 1), 10_000)).containsOnly(Criticality.SHEDDABLE_PLUS);
    }

    @Test
    void sharesThatAreMissingOutOfRangeOrNotSummingToOneAreRefusedNamingTheRule() {
        Map<Criticality, Double> shares = new EnumMap<>(ShedMix.ISSUE_SHARES);
        shares.remove(Criticality.SHEDDABLE);
        assertThatThrownBy(() -> new ShedMix(shares, 1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("share of SHEDDABLE must be between 0 and 1, was null");
        shares.put(Criticality.SHEDDABLE, 0.6);
        assertThatThrownBy(() -> new ShedMix(shares, 1)).hasMessageContaining("must sum to 1").hasMessageContaining("sum 0.9");
        shares.put(Criticality.SHEDDABLE, -0.1);
        assertThatThrownBy(() -> new ShedMix(shares, 1)).hasMessage("share of SHEDDABLE must be between 0 and 1, was -0.1");
    }

    @Test
    void thePeersPartitionsAndTheIssuesSharesEachSumToOne() {
        assertThat(ShedMix.ISSUE_SHARES.values().stream().mapToDouble(Double::doubleValue).sum()).isCloseTo(1.0, org.assertj.core.data.Offset.offset(1e-12));
        assertThat(ShedMix.PEER_PARTITIONS.values().stream().mapToDouble(Double::doubleValue).sum()).isCloseTo(1.0, org.assertj.core.data.Offset.offset(1e-12));
        // the critical load at 10x (8 % of 10 x the capacity) fits in the critical partitions of a limit at the capacity
        assertThat(ShedMix.PEER_PARTITIONS.get(Criticality.CRITICAL_PLUS)).isGreaterThanOrEqualTo(10 * ShedMix.ISSUE_SHARES.get(Criticality.CRITICAL_PLUS) - 1e-12);
        assertThat(ShedMix.PEER_PARTITIONS.get(Criticality.CRITICAL)).isGreaterThanOrEqualTo(10 * ShedMix.ISSUE_SHARES.get(Criticality.CRITICAL) - 1e-12);
    }

    private static List<Criticality> draws(ShedMix mix, int n) {
        return java.util.stream.Stream.generate(mix::draw).limit(n).toList();
    }
}
