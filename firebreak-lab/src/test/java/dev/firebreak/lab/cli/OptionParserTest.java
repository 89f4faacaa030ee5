package dev.firebreak.lab.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.firebreak.lab.experiment.collapse.CollapseExperiment;
import dev.firebreak.lab.experiment.collapse.CollapseSettings;
import dev.firebreak.lab.experiment.collapse.CollapseVariant;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The lab's one command-line parser (picocli over the options' declarations), through the collapse experiment's options. */
class OptionParserTest {

    private static CollapseSettings collapse(String... argv) throws UsageException {
        return new CollapseExperiment().options(List.of(argv));
    }

    @Test
    void parsesFlagsAndValuesInBothForms() throws Exception {
        CollapseSettings settings = collapse("--quick", "--users", "10", "--csv=out.csv", "--rate=50.5");
        assertThat(settings.quick()).isTrue();
        assertThat(settings.users()).isEqualTo(10);
        assertThat(settings.csv()).isEqualTo(Path.of("out.csv"));
        assertThat(settings.rate()).isEqualTo(50.5);
        assertThat(settings.out()).isNull();
    }

    @Test
    void badArgumentsSayWhichOptionWhatValueAndWhatIsAllowed() {
        assertThatThrownBy(() -> collapse("--users", "0")).isInstanceOf(UsageException.class)
                .hasMessage("--users must be an integer between 1 and 10000, was '0'");
        assertThatThrownBy(() -> collapse("--users", "-3")).hasMessage("--users must be an integer between 1 and 10000, was '-3'");
        assertThatThrownBy(() -> collapse("--users", "many")).hasMessage("--users must be an integer between 1 and 10000, was 'many'");
        assertThatThrownBy(() -> collapse("--users")).hasMessage("--users needs a value");
        assertThatThrownBy(() -> collapse("--rate", "fast")).hasMessageContaining("--rate must be a number").hasMessageContaining("'fast'");
        assertThatThrownBy(() -> collapse("--jitter", "3")).hasMessage("--jitter must be a number between 0.0 and 2.0, was '3'");
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
        assertThat(full.seed()).isEqualTo(42);
        assertThat(full.vs100ms()).isEqualTo(CollapseSettings.DEFAULT_VS_100MS);
        assertThat(full.vs10ms()).isEqualTo(CollapseSettings.DEFAULT_VS_10MS);
        assertThat(full.loops()).containsExactly("closed", "open", "sequential");
        assertThat(full.variants()).containsExactly(CollapseVariant.values());
        CollapseSettings quick = collapse("--quick");
        assertThat(quick.users()).isEqualTo(50);
        assertThat(quick.variants()).containsExactly(CollapseVariant.values());
        assertThat(quick.closedMeasure()).isLessThan(full.closedMeasure());
        assertThat(collapse("--quick", "--users", "70").users()).as("a given value wins over the quick default").isEqualTo(70);
        CollapseSettings chosen = collapse("--loops", "sequential,closed", "--variants", "none", "--measure", "2.5");
        assertThat(chosen.loops()).containsExactly("closed", "sequential");
        assertThat(chosen.variants()).containsExactly(CollapseVariant.NONE);
        assertThat(chosen.closedMeasure()).isEqualTo(Duration.ofMillis(2500));
        assertThat(chosen.loop("open").label()).isEqualTo("open-200rps");
        assertThat(List.of(chosen.loop("sequential").label(), chosen.loop("closed").label())).containsExactly("sequential", "closed");
    }

    @Test
    void everyExperimentRunsOnTheTemplateAndItsHelpListsItsOptions() throws Exception {
        for (var experiment : dev.firebreak.lab.experiment.Experiments.ALL) {
            assertThat(experiment).as(experiment.name()).isInstanceOf(dev.firebreak.lab.experiment.TemplateExperiment.class);
            assertThat(experiment.usage()).as(experiment.name()).contains("--quick").contains("--csv FILE").contains("--out DIR")
                    .doesNotContain("${");
        }
        var retry = new dev.firebreak.lab.experiment.retry.RetryExperiment();
        assertThat(retry.options(List.of()).rate()).isEqualTo(200);
        assertThat(retry.usage()).contains("--rate RPS").contains("(default 200) [1.0..5000.0]");
        assertThatThrownBy(() -> retry.options(List.of("--rate", "0")))
                .hasMessage("--rate must be a number between 1.0 and 5000.0, was '0'");
        var hedge = new dev.firebreak.lab.experiment.hedge.HedgeExperiment();
        assertThat(hedge.options(List.of("--quick", "--rate=50")).measure()).isEqualTo(Duration.ofSeconds(4));
        assertThat(hedge.options(List.of()).measure()).isEqualTo(Duration.ofSeconds(25));
        assertThatThrownBy(() -> hedge.options(List.of("--rate", "fast"))).hasMessageContaining("--rate must be a number")
                .hasMessageContaining("'fast'");
    }

    @Test
    void theHelpTextIsGeneratedFromTheDeclarations() {
        String usage = new CollapseExperiment().usage();
        assertThat(usage).startsWith("usage: firebreak lab collapse [--quick] [--csv FILE] [--out DIR] [options]\n");
        assertThat(usage).contains("--users N").contains("closed-loop users (default 100; --quick 50) [1..10000]");
        assertThat(usage).contains("--jitter SIGMA").contains("(default 0.02) [0.0..2.0]");
        assertThat(usage).contains("--quick ").contains("--csv FILE").contains("--out DIR");
        assertThat(usage).as("the variant list comes from the enum").contains(String.join(", ", CollapseVariant.labels()));
        assertThat(usage).doesNotContain("${");
    }
}
