package dev.firebreak.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
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
    void theNewSubjectRunsInEverySuccessPathSuiteAndTheOtherBodiesKeepEverySubjectInAverageTime() {
        List<Suite> success = Suite.all().stream().filter(s -> s.benchmark().equals("SuccessPathBenchmark")).toList();
        assertThat(success).allSatisfy(s -> assertThat(s.params().getOrDefault("subject", List.of("firebreak-semaphore-nopct")))
                .contains("firebreak-semaphore-nopct"));
        Suite average = success.get(0);
        assertThat(average.params()).doesNotContainKey("subject"); // every subject
        assertThat(average.params().get("body")).containsExactly("empty", "cpu100");
        assertThat(average.threads()).containsExactly(1, 2, 4);
    }
}
