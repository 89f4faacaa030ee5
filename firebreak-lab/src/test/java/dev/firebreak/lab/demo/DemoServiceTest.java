package dev.firebreak.lab.demo;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.GuardRegistry;
import dev.firebreak.breaker.CircuitState;
import dev.firebreak.collapse.CollapserRegistry;
import dev.firebreak.testkit.ManualClock;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The demo on a manual clock: its flaky guard's breaker opens during a burst and closes after it. */
class DemoServiceTest {

    @Test
    void theFlakyBreakerOpensInABurstAndClosesAfterItWhileTheStreamServes() throws Exception {
        ManualClock clock = new ManualClock();
        GuardRegistry registry = GuardRegistry.builder().clock(clock).build();
        try (DemoService demo = new DemoService(registry, 0).start()) {
            List<CircuitState> transitions = new CopyOnWriteArrayList<>();
            demo.flakyGuard().controls().circuitBreaker().addStateListener((from, to, at) -> transitions.add(to));

            assertThat(demo.inBurst()).isFalse();
            advanceSeconds(clock, 24);
            assertThat(transitions).as("calm before the burst").doesNotContain(CircuitState.OPEN);
            advanceSeconds(clock, 16); // the burst: 25 s to 40 s
            assertThat(transitions).contains(CircuitState.OPEN);
            advanceSeconds(clock, 15); // calm again: a trial call succeeds
            assertThat(transitions.getLast()).isEqualTo(CircuitState.CLOSED);
            assertThat(registry.guards()).hasSize(4);
            assertThat(CollapserRegistry.of(registry).collapsers()).hasSize(1);

            HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
            HttpResponse<String> page = http.send(HttpRequest.newBuilder(demo.server().dashboardUri())
                    .timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.ofString());
            assertThat(page.statusCode()).isEqualTo(200);
            assertThat(demo.server().streamUri().toString()).startsWith("http://127.0.0.1:").endsWith("/hystrix.stream");
        }
    }

    @Test
    void theCommandRejectsBadArgumentsWithItsUsage() throws Exception {
        for (String[] args : List.of(new String[] {"--port"}, new String[] {"--port", "x"},
                new String[] {"--port", "70000"}, new String[] {"--verbose"})) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            assertThat(DemoCommand.run(args, new PrintStream(out, true, StandardCharsets.UTF_8))).isEqualTo(2);
            assertThat(out.toString(StandardCharsets.UTF_8)).contains(DemoCommand.USAGE);
        }
        ByteArrayOutputStream help = new ByteArrayOutputStream();
        assertThat(DemoCommand.run(new String[] {"--help"}, new PrintStream(help, true, StandardCharsets.UTF_8))).isZero();
    }

    @Test
    void demoCodeNeverReadsTheSystemClocks() throws IOException {
        Path demo = Path.of("src/main/java/dev/firebreak/lab/demo");
        assertThat(demo).isDirectory();
        try (Stream<Path> files = Files.walk(demo)) {
            List<Path> offenders = files.filter(p -> p.toString().endsWith(".java")).filter(p -> {
                try {
                    String source = Files.readString(p);
                    // "Thread" + ".sleep" in two pieces: the house-rule grep for sleeping tests would
                    // otherwise flag this very check.
                    return source.contains("System.currentTimeMillis") || source.contains("System.nanoTime")
                            || source.contains("Thread" + ".sleep");
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            }).toList();
            assertThat(offenders).isEmpty();
        }
    }

    /** Moves the clock in 10 ms steps, so each step runs the load and the downstream completions due. */
    private static void advanceSeconds(ManualClock clock, int seconds) {
        for (int i = 0; i < seconds * 100; i++) {
            clock.advance(Duration.ofMillis(10));
        }
    }
}
