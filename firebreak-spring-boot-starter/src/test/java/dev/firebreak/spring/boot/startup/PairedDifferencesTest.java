package dev.firebreak.spring.boot.startup;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The benchmark's statistics: quartiles of the pairs' differences and the median's confidence interval. */
class PairedDifferencesTest {

    @Test
    void theConfidenceRankIsTheSignTestsForTheBinomialTail() {
        // P(B(21) <= 5) = 0.0133 <= 2.5 % < P(B(21) <= 6) = 0.0392; P(B(41) <= 13) = 0.0146 < P(B(41) <= 14) = 0.0298
        assertThat(PairedDifferences.confidenceRank(21)).isEqualTo(6);
        assertThat(PairedDifferences.confidenceRank(41)).isEqualTo(14);
        assertThat(PairedDifferences.confidenceRank(6)).isEqualTo(1); // P(B(6) = 0) = 1/64 = 0.0156
        assertThat(PairedDifferences.confidenceRank(5)).isEqualTo(1); // none fits: the whole range
    }

    @Test
    void theIntervalTakesTheDifferencesOfThoseRanksWhateverTheOrderOfThePairs() {
        PairedDifferences figures = new PairedDifferences();
        for (int i = 41; i >= 1; i--) {
            figures.add(1_000, 1_000 + 10L * i); // differences 10, 20, ... 410, added in reverse
        }
        assertThat(figures.medianDifferenceConfidence95()).containsExactly(140L, 280L);
        assertThat(figures.medianDifference()).isEqualTo(210);
        assertThat(figures.lowerQuartile()).isEqualTo(110);
        assertThat(figures.upperQuartile()).isEqualTo(310);
    }
}
