package dev.firebreak.lab.downstream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.firebreak.lab.time.LabTimer;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The downstream simulator over real loopback HTTP. */
class DownstreamSimulatorTest {

    private final LabTimer timer = new LabTimer("test-downstream-timer");
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    @AfterEach
    void stop() {
        http.close();
        timer.close();
    }

    private HttpResponse<String> get(DownstreamSimulator simulator, String pathAndQuery) throws Exception {
        return http.send(HttpRequest.newBuilder(simulator.baseUri().resolve(pathAndQuery)).timeout(Duration.ofSeconds(10)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void servesNIntegersAndCountsCallsAndIntegers() throws Exception {
        try (DownstreamSimulator simulator = DownstreamSimulator.start(new LatencyModel.Fixed(3), 0, 1, timer)) {
            HttpResponse<String> five = get(simulator, "/integers?n=5");
            HttpResponse<String> one = get(simulator, "/integers?n=1");
            assertThat(five.statusCode()).isEqualTo(200);
            assertThat(five.body().split(",")).hasSize(5)
                    .allSatisfy(v -> assertThat(Integer.parseInt(v)).isBetween(1, 1_000_000));
            assertThat(one.body().split(",")).hasSize(1);
            assertThat(five.headers().firstValueAsLong(DownstreamSimulator.DELAY_HEADER)).hasValue(3_000L);
            assertThat(simulator.counts()).isEqualTo(new DownstreamCounts(2, 6, 0, 0));
            assertThat(simulator.counts().meanIntegersPerCall()).isEqualTo(3.0);
        }
    }

    @Test
    void badCountsAreAnsweredWith400AndCountedApart() throws Exception {
        try (DownstreamSimulator simulator = DownstreamSimulator.start(new LatencyModel.Fixed(0), 0, 1, timer)) {
            assertThat(get(simulator, "/integers?n=0").statusCode()).isEqualTo(400);
            assertThat(get(simulator, "/integers").statusCode()).isEqualTo(400);
            assertThat(get(simulator, "/integers?n=many").statusCode()).isEqualTo(400);
            assertThat(simulator.counts()).isEqualTo(new DownstreamCounts(3, 0, 0, 3));
        }
        assertThat(DownstreamSimulator.parseCount("x=1&n=7")).isEqualTo(7);
        assertThat(DownstreamSimulator.parseCount("n=" + (DownstreamSimulator.MAX_INTEGERS_PER_CALL + 1))).isEqualTo(-1);
    }

    @Test
    void theErrorRateIsHonouredOverManyCallsAndTheSeedReproducesIt() throws Exception {
        long[] failuresPerRun = new long[2];
        for (int run = 0; run < 2; run++) {
            try (DownstreamSimulator simulator = DownstreamSimulator.start(new LatencyModel.Fixed(0), 0.3, 99, timer)) {
                int failed = 0;
                for (int i = 0; i < 1000; i++) {
                    HttpResponse<String> response = get(simulator, "/integers?n=1");
                    assertThat(response.statusCode()).isIn(200, 503);
                    failed += response.statusCode() == 503 ? 1 : 0;
                }
                assertThat(simulator.counts().failures()).isEqualTo(failed);
                assertThat(simulator.counts().calls()).isEqualTo(1000);
                failuresPerRun[run] = failed;
            }
        }
        // binomial(1000, 0.3): mean 300, sd 14.5; four sd either side
        assertThat(failuresPerRun[0]).isBetween(242L, 358L);
        assertThat(failuresPerRun[1]).isEqualTo(failuresPerRun[0]);
    }

    @Test
    void noErrorsAtRateZeroAndOnlyErrorsAtRateOne() throws Exception {
        try (DownstreamSimulator never = DownstreamSimulator.start(new LatencyModel.Fixed(0), 0, 5, timer);
             DownstreamSimulator always = DownstreamSimulator.start(new LatencyModel.Fixed(0), 1, 5, timer)) {
            for (int i = 0; i < 50; i++) {
                assertThat(get(never, "/integers?n=2").statusCode()).isEqualTo(200);
                assertThat(get(always, "/integers?n=2").statusCode()).isEqualTo(503);
            }
            assertThat(never.counts().failures()).isZero();
            assertThat(always.counts().failures()).isEqualTo(50);
        }
        assertThatThrownBy(() -> DownstreamSimulator.start(new LatencyModel.Fixed(0), 1.5, 5, timer))
                .hasMessageContaining("error rate").hasMessageContaining("1.5");
    }

    @Test
    void latencyModelsParseAndKeepTheirMeans() {
        SplittableRandom random = new SplittableRandom(11);
        assertThat(LatencyModel.parse("500")).isEqualTo(new LatencyModel.Fixed(500));
        assertThat(LatencyModel.parse("uniform:450:550")).isEqualTo(new LatencyModel.Uniform(450, 550));
        LatencyModel logNormal = LatencyModel.parse("lognormal:500:0.5");
        LatencyModel jittered = LatencyModel.parse("fixed:500").withJitter(0.1);
        double[] means = new double[2];
        int n = 200_000;
        for (int i = 0; i < n; i++) {
            means[0] += logNormal.sampleNanos(random) / 1e6 / n;
            means[1] += jittered.sampleNanos(random) / 1e6 / n;
        }
        assertThat(means[0]).isCloseTo(500, within(5.0));
        assertThat(means[1]).isCloseTo(500, within(1.0));
        assertThat(jittered.meanMillis()).isEqualTo(500);
        assertThat(Arrays.asList("fast", "uniform:1", "lognormal:a:b", "uniform:9:1")).allSatisfy(bad ->
                assertThatThrownBy(() -> LatencyModel.parse(bad)).isInstanceOf(IllegalArgumentException.class));
        assertThatThrownBy(() -> LatencyModel.parse("fast")).hasMessageContaining("'fast'").hasMessageContaining("lognormal:MEAN_MS:SIGMA");
    }
}
