package dev.firebreak.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.runner.options.Options;

/** The suites of {@code ./firebreak bench}: what each runs, and that it names only parameters that exist. */
class SuiteTest {

    @Test
    void everySuiteNamesOnlyValuesItsBenchmarkDeclares() throws Exception {
        for (Suite suite : Suite.all()) {
            Class<?> benchmark = Class.forName("dev.firebreak.bench." + suite.benchmark());
            for (Map.Entry<String, List<String>> param : suite.params().entrySet()) {
                List<String> declared = List.of(benchmark.getField(param.getKey()).getAnnotation(Param.class).value());
                assertThat(declared).as(suite.label() + " " + param.getKey()).containsAll(param.getValue());
            }
        }
    }

    @Test
    void theRealisticRowRunsTheTenMicrosecondBodyAtTwoThreadsForTheIsolationsAndTheirPeers() {
        Suite realistic = Suite.all().stream().filter(s -> s.params().getOrDefault("body", List.of()).contains("cpu5000"))
                .findFirst().orElseThrow();
        assertThat(realistic.threads()).containsExactly(2);
        assertThat(realistic.params().get("subject")).contains("direct", "firebreak-semaphore", "firebreak-semaphore-nopct",
                "firebreak-thread", "firebreak-virtual", "r4j-cb-bulkhead", "r4j-cb-bulkhead-timelimiter", "hystrix-thread");
        Options options = realistic.options(null, 2, true, List.of());
        assertThat(options.getParameter("body").get()).containsExactly("cpu5000");
        assertThat(options.getThreads().get()).isEqualTo(2);
    }

    @Test
    void theGoalRowsSubjectsRunInSeveralForksAndTogetherWithTheOthersCoverEverySubjectOnce() throws Exception {
        List<Suite> average = Suite.all().stream()
                .filter(s -> s.benchmark().equals("SuccessPathBenchmark") && s.modes().contains(Mode.AverageTime)
                        && !s.params().get("body").contains("cpu5000"))
                .toList();
        assertThat(average).hasSize(2);
        Suite goalRows = average.get(0);
        assertThat(goalRows.params().get("subject")).containsExactly("direct", "firebreak-semaphore",
                "firebreak-semaphore-nopct", "r4j-cb-bulkhead");
        assertThat(goalRows.forks()).isEqualTo(Suite.GOAL_FORKS).isGreaterThanOrEqualTo(3);
        assertThat(average.get(1).forks()).isEqualTo(1);
        List<String> covered = new ArrayList<>(goalRows.params().get("subject"));
        covered.addAll(average.get(1).params().get("subject"));
        List<String> declared = List.of(SuccessPathBenchmark.class.getField("subject").getAnnotation(Param.class).value());
        assertThat(covered).containsExactlyInAnyOrderElementsOf(declared);
        for (Suite suite : average) {
            assertThat(suite.params().get("body")).containsExactly("empty", "cpu100");
            assertThat(suite.threads()).containsExactly(1, 2, 4);
        }
        assertThat(goalRows.options(null, 1, false, List.of()).getForkCount().get()).isEqualTo(Suite.GOAL_FORKS);
        assertThat(goalRows.options(null, 1, true, List.of()).getForkCount().get()).isEqualTo(1); // quick: a smoke test
        assertThat(goalRows.timing(false)).startsWith(Suite.GOAL_FORKS + " forks, ");
    }

    @Test
    void firebreaksRefusalsRunInSeveralForksAndEveryFailureSubjectRunsOnce() throws Exception {
        List<Suite> failure = Suite.all().stream().filter(s -> s.benchmark().equals("FailurePathBenchmark")).toList();
        List<String> covered = failure.stream().flatMap(s -> s.params().get("subject").stream()).toList();
        List<String> declared = List.of(FailurePathBenchmark.class.getField("subject").getAnnotation(Param.class).value());
        assertThat(covered).containsExactlyInAnyOrderElementsOf(declared);
        assertThat(failure.get(0).params().get("subject")).containsExactly("firebreak");
        assertThat(failure.get(0).forks()).isEqualTo(Suite.GOAL_FORKS);
    }

    @Test
    void aSuiteRunsAtLeastOneFork() {
        assertThatThrownBy(() -> new Suite("x", "SuccessPathBenchmark", List.of(Mode.AverageTime),
                List.of(1), false, 1, 1, 100, Map.of(), 0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("forks");
    }
}
