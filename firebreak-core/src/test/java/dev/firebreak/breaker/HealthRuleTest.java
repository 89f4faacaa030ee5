package dev.firebreak.breaker;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.event.EventType;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The breaker's rules as arithmetic: the volume, Hystrix's truncated percentages, slow calls only when on, and settled's promise. */
class HealthRuleTest {

    private static HealthRule rule(int volume, int errorPercent, Duration slowAfter, int slowPercent) {
        return BreakerConfig.builder().requestVolumeThreshold(volume).errorThresholdPercentage(errorPercent)
                .slowCallDurationThreshold(slowAfter).slowCallThresholdPercentage(slowPercent).build().healthRule();
    }

    private static HealthRule errors(int volume, int errorPercent) {
        return rule(volume, errorPercent, Duration.ZERO, 100);
    }

    @Test
    void theVolumeAndTheErrorLineBothCount() {
        assertThat(errors(11, 100).test(11, 10, 0)).as("11 calls, 10 errors: 90 %").isFalse();
        assertThat(errors(12, 83).test(12, 10, 0)).as("12 calls, 10 errors: 83.3 %").isTrue();
        assertThat(errors(14, 0).test(13, 0, 0)).as("13 calls: below 14").isFalse();
        assertThat(errors(13, 69).test(13, 9, 0)).as("13 calls, 9 errors: 69.2 %").isTrue();
        assertThat(errors(5, 20).test(5, 1, 0)).as("1 error of 5").isTrue();
        assertThat(errors(6, 17).test(6, 1, 0)).as("1 error of 6 = 16.7 %").isFalse();
        assertThat(errors(0, 0).test(1, 0, 0)).as("no volume asked, 0 %: any call").isTrue();
    }

    @Test
    void slowCallsCountOnlyWhenTheThresholdIsSet() {
        assertThat(rule(3, 100, Duration.ZERO, 66).test(3, 0, 2)).as("slow calls off").isFalse();
        assertThat(rule(3, 100, Duration.ofMillis(1), 66).test(3, 0, 2)).as("2 slow of 3").isTrue();
        assertThat(rule(4, 100, Duration.ofMillis(1), 51).test(4, 0, 2)).as("2 slow of 4").isFalse();
    }

    /** The tally skips reading slow calls for a rule that does not track them: no answer may then depend on them. */
    @Test
    void aRuleWithoutSlowCallsAnswersTheSameWhateverTheSlowFigure() {
        HealthRule off = rule(3, 50, Duration.ZERO, 10);
        assertThat(off.tracksSlow()).isFalse();
        assertThat(rule(3, 50, Duration.ofMillis(1), 10).tracksSlow()).isTrue();
        for (long calls = 1; calls <= 8; calls++) {
            for (long errors = 0; errors <= calls; errors++) {
                for (long slow = 0; slow + errors <= calls; slow++) {
                    assertThat(off.test(calls, errors, slow)).isEqualTo(off.test(calls, errors, 0));
                    assertThat(off.settled(calls, errors, slow)).isEqualTo(off.settled(calls, errors, 0));
                }
            }
        }
    }

    @Test
    void aSlowCallIsASuccessAtLeastTheThresholdLong() {
        HealthRule rule = rule(1, 50, Duration.ofNanos(1_000), 100);
        assertThat(rule.isSlow(EventType.SUCCESS, 1_000)).isTrue();
        assertThat(rule.isSlow(EventType.SUCCESS, 999)).isFalse();
        assertThat(rule.isSlow(EventType.FAILURE, 5_000)).as("only successes").isFalse();
        assertThat(errors(1, 50).isSlow(EventType.SUCCESS, Long.MAX_VALUE)).as("threshold 0: off").isFalse();
    }

    /** The tally counts a settled success without asking again: no window with more calls, the same errors and fewer slow calls may open. */
    @Test
    void settledFiguresStayClosedWithMoreCallsAndNoMoreSlowOnes() {
        int settledCases = 0;
        for (HealthRule rule : new HealthRule[] {errors(5, 50), errors(0, 0), errors(1, 100), rule(4, 30, Duration.ofMillis(1), 40)}) {
            for (long calls = 1; calls <= 12; calls++) {
                for (long errors = 0; errors <= calls; errors++) {
                    for (long slow = 0; slow + errors <= calls; slow++) {
                        if (!rule.settled(calls, errors, slow)) {
                            continue;
                        }
                        settledCases++;
                        assertThat(rule.test(calls, errors, slow)).as("%s settled and open on %d/%d/%d", rule, calls, errors, slow).isFalse();
                        for (long more = calls; more <= calls + 30; more++) {
                            for (long fewerSlow = 0; fewerSlow <= slow; fewerSlow++) {
                                assertThat(rule.test(more, errors, fewerSlow)).as("%s settled on %d/%d/%d, opens on %d/%d/%d",
                                        rule, calls, errors, slow, more, errors, fewerSlow).isFalse();
                            }
                        }
                    }
                }
            }
        }
        assertThat(settledCases).as("figures found settled").isGreaterThan(100);
    }

    @Test
    void settledNeedsTheVolumeAndBothLinesUnder() {
        HealthRule rule = rule(5, 50, Duration.ofMillis(1), 40);
        assertThat(rule.settled(5, 2, 1)).isTrue();
        assertThat(rule.settled(4, 0, 0)).as("below the volume: more calls may open it").isFalse();
        assertThat(rule.settled(6, 3, 0)).as("on the error line").isFalse();
        assertThat(rule.settled(5, 0, 2)).as("on the slow line").isFalse();
    }
}
