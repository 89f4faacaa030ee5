package dev.firebreak.lab.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.firebreak.lab.experiment.collapse.CollapseSettings;
import dev.firebreak.lab.experiment.collapse.CollapseVariant;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Command-line parsing and the collapse experiment's settings. */
class ArgsTest {

    private static CollapseSettings collapse(String... argv) throws UsageException {
        return CollapseSettings.from(Args.parse(argv, CollapseSettings.FLAGS, CollapseSettings.OPTIONS));
    }

    @Test
    void parsesFlagsValuesInBothFormsAndPositionals() throws Exception {
        Args args = Args.parse(new String[] {"collapse", "--quick", "--users", "10", "--csv=out.csv"}, Set.of("quick"),
                Set.of("users", "csv"));
        assertThat(args.flag("quick")).isTrue();
        assertThat(args.intValue("users", 100, 1, 1000)).isEqualTo(10);
        assertThat(args.value("csv")).hasValue("out.csv");
        assertThat(args.positional()).containsExactly("collapse");
    }

    @Test
    void badArgumentsSayWhichOptionWhatValueAndWhatIsAllowed() {
        assertThatThrownBy(() -> collapse("--users", "0")).isInstanceOf(UsageException.class)
                .hasMessage("--users must be an integer between 1 and 10000, was '0'");
        assertThatThrownBy(() -> collapse("--users")).hasMessage("--users needs a value");
        assertThatThrownBy(() -> collapse("--rate", "fast")).hasMessageContaining("--rate must be a number").hasMessageContaining("'fast'");
        assertThatThrownBy(() -> collapse("--colour", "red")).hasMessageContaining("unknown option '--colour'")
                .hasMessageContaining("--variants");
        assertThatThrownBy(() -> collapse("--variants", "none,hystrix-timer-5ms"))
                .hasMessageContaining("'hystrix-timer-5ms' is not one of").hasMessageContaining("firebreak-load-aware");
        assertThatThrownBy(() -> collapse("--loops", "")).hasMessageContaining("--loops");
        assertThatThrownBy(() -> collapse("--latency", "slow")).hasMessageContaining("--latency").hasMessageContaining("'slow'");
        assertThatThrownBy(() -> collapse("--arrivals", "bursty")).hasMessage("--arrivals must be constant or poisson, was 'bursty'");
        assertThatThrownBy(() -> collapse("--quick=yes")).hasMessage("--quick takes no value (got 'yes')");
        assertThatThrownBy(() -> collapse("--users", "5", "--users", "6")).hasMessage("--users given twice");
        assertThatThrownBy(() -> collapse("extra")).hasMessage("unexpected argument 'extra'");
    }

    @Test
    void defaultsAreTheSeedsAndQuickShortensEverythingButKeepsEveryVariant() throws Exception {
        CollapseSettings full = collapse();
        assertThat(full.users()).isEqualTo(100);
        assertThat(full.latency().meanMillis()).isEqualTo(500);
        assertThat(full.rate()).isEqualTo(200);
        assertThat(full.loops()).containsExactly("closed", "open", "sequential");
        assertThat(full.variants()).containsExactly(CollapseVariant.values());
        CollapseSettings quick = collapse("--quick");
        assertThat(quick.variants()).containsExactly(CollapseVariant.values());
        assertThat(quick.closedMeasure()).isLessThan(full.closedMeasure());
        CollapseSettings chosen = collapse("--loops", "sequential,closed", "--variants", "none", "--measure", "2.5");
        assertThat(chosen.loops()).containsExactly("closed", "sequential");
        assertThat(chosen.variants()).containsExactly(CollapseVariant.NONE);
        assertThat(chosen.closedMeasure()).isEqualTo(Duration.ofMillis(2500));
        assertThat(chosen.loop("open").label()).isEqualTo("open-200rps");
        assertThat(List.of(chosen.loop("sequential").label(), chosen.loop("closed").label())).containsExactly("sequential", "closed");
    }
}
