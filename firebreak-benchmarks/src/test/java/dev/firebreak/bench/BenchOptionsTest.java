package dev.firebreak.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The command line and the suites' benchmark selection. */
class BenchOptionsTest {

    @Test
    void parsesTheRegexAndOptions() {
        BenchOptions options = BenchOptions.parse("SuccessPath", "--quick", "--json", "out.json", "--md", "out.md");
        assertThat(options.filter()).isEqualTo("SuccessPath");
        assertThat(options.quick()).isTrue();
        assertThat(options.json()).isEqualTo(Path.of("out.json"));
        assertThat(options.markdown()).isEqualTo(Path.of("out.md"));
        assertThat(options.fullRun()).isFalse();
        assertThat(BenchOptions.parse().fullRun()).isTrue();
    }

    @Test
    void refusesWhatItDoesNotUnderstand() {
        assertThatThrownBy(() -> BenchOptions.parse("--fast")).hasMessageContaining("--fast");
        assertThatThrownBy(() -> BenchOptions.parse("--json")).hasMessageContaining("--json needs a value");
        assertThatThrownBy(() -> BenchOptions.parse("(")).hasMessageContaining("not a valid regex");
        assertThatThrownBy(() -> BenchOptions.parse("a", "b")).hasMessageContaining("one regex");
    }

    @Test
    void aSuiteSelectsItsOwnBenchmarksThatAlsoMatchTheFilter() {
        Suite success = Suite.all().get(0);
        String call = "dev.firebreak.bench.SuccessPathBenchmark.call";
        assertThat(success.selects(call, null)).isTrue();
        assertThat(success.selects(call, "Success|Collapsing")).isTrue();
        assertThat(success.selects(call, "Collapsing")).isFalse();
        assertThat(success.selects("dev.firebreak.bench.CollapsingBenchmark.batchOf10", null)).isFalse();
    }
}
