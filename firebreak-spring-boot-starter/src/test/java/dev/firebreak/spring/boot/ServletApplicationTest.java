package dev.firebreak.spring.boot;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.GuardRegistry;
import dev.firebreak.spring.boot.app.LoopbackDownstream;
import dev.firebreak.spring.boot.app.TestApplication;
import dev.firebreak.testkit.Await;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.cloud.context.environment.EnvironmentChangeEvent;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.env.MapPropertySource;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.ActiveProfiles;

/** The pass-through service on Spring MVC, configured by application-it.yml, called over real HTTP. */
@SpringBootTest(classes = TestApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@ActiveProfiles("it")
@DirtiesContext
class ServletApplicationTest {

    private static final String TIMEOUT = "execution.isolation.thread.timeoutInMilliseconds";

    @LocalServerPort
    int port;
    @Autowired
    ConfigurableApplicationContext context;
    @Autowired
    GuardRegistry registry;
    @Autowired
    LoopbackDownstream downstream;
    @Autowired
    MeterRegistry meters;

    private Http http;

    @BeforeEach
    void client() {
        http = new Http(port);
    }

    @Test
    void aCallPassesThroughItsGuardAndAppearsInMetrics() throws Exception {
        assertThat(http.body("/call/ok")).isEqualTo("downstream ok");
        assertThat(meters.find("firebreak.calls").tag("guard", "ok").tag("outcome", "success")
                .functionCounter().count()).isGreaterThanOrEqualTo(1.0);
    }

    @Test
    void aSlowDownstreamTimesOutAtTheValueFromApplicationYmlAndTheFallbackAnswers() throws Exception {
        assertThat(http.body("/call/slow")).isEqualTo("fallback for slow (GuardTimeoutException)");
        Map<String, Object> timeout = Http.map(http.json("/actuator/firebreak/slow"), "properties", TIMEOUT);
        assertThat(timeout).containsEntry("value", 500).containsEntry("level", "DYNAMIC_INSTANCE")
                .containsEntry("origin", "firebreak.command.slow." + TIMEOUT).containsEntry("source", "Spring Environment");
        assertThat(Http.map(http.json("/actuator/firebreak/slow"), "properties", "circuitBreaker.enabled"))
                .doesNotContainKey("source"); // a library default comes from no source
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> sources = (List<Map<String, Object>>) http.json("/actuator/firebreak").get("configurationSources");
        assertThat(sources).extracting(source -> source.get("name")).containsExactly("archaius", "Spring Environment",
                "actuator"); // this instance's overrides, set by the endpoint's write operation
        assertThat(sources).allSatisfy(source -> assertThat(source).containsEntry("failing", false));
    }

    @Test
    void hystrixKeysApplyUnchangedUnderFirebreakKeysWithTheirOrigin() throws Exception {
        Map<String, Object> ok = Http.map(http.json("/actuator/firebreak"), "guards", "ok");
        assertThat(ok).containsEntry("isolation", "THREAD").containsEntry("threadPool", "ok");
        assertThat(Http.map(ok, "properties", TIMEOUT)).containsEntry("value", 5000)
                .containsEntry("origin", "hystrix.command.default." + TIMEOUT);
        assertThat(Http.map(ok, "properties", "circuitBreaker.enabled")).containsEntry("level", "GLOBAL_DEFAULT_FROM_CODE");
        Map<String, Object> declared = Http.map(http.json("/actuator/firebreak"), "guards", "declared");
        assertThat(declared).containsEntry("isolation", "VIRTUAL").containsEntry("threadPool", null);
        Map<String, Object> pool = Http.map(http.json("/actuator/firebreak"), "threadPools", "ok");
        assertThat(Http.map(pool, "properties", "coreSize")).containsEntry("value", 4)
                .containsEntry("origin", "hystrix.threadpool.default.coreSize");
    }

    @Test
    void failuresOpenTheBreakerWhichTheEndpointAndHealthShowWhileTheApplicationStaysUp() throws Exception {
        for (int i = 0; i < 4; i++) {
            assertThat(http.body("/call/fail")).startsWith("fallback for fail (CallFailedException");
        }
        Await.until("the breaker of 'fail' opens", () -> {
            try {
                return "OPEN".equals(Http.map(http.json("/actuator/firebreak"), "guards", "fail").get("circuit"));
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        assertThat(http.body("/call/fail")).isEqualTo("fallback for fail (ShortCircuitedException)");
        Map<String, Object> health = http.json("/actuator/health");
        assertThat(health).containsEntry("status", "UP");
        Map<String, Object> firebreak = Http.map(health, "components", "firebreak");
        assertThat(firebreak).containsEntry("status", "CIRCUIT_OPEN");
        assertThat(Http.map(firebreak, "details", "openCircuits")).containsEntry("fail", "OPEN");
    }

    @Test
    void theTimeoutChangesLiveOnARefreshEventAndABadValueIsRefusedKeepingTheLastValidOne() throws Exception {
        MapPropertySource live = liveSource();
        live.getSource().put("firebreak.command.ok." + TIMEOUT, "1500");
        context.publishEvent(new EnvironmentChangeEvent(context, Set.of("firebreak.command.ok." + TIMEOUT)));
        assertThat(registry.find("ok").orElseThrow().controls().config().timeout().timeout().toMillis()).isEqualTo(1500);

        live.getSource().put("firebreak.command.ok." + TIMEOUT, "-5");
        context.publishEvent(new EnvironmentChangeEvent(context, Set.of("firebreak.command.ok." + TIMEOUT)));
        assertThat(registry.find("ok").orElseThrow().controls().config().timeout().timeout().toMillis()).isEqualTo(1500);
        assertThat(http.body("/call/ok")).isEqualTo("downstream ok"); // still serving
        live.getSource().remove("firebreak.command.ok." + TIMEOUT);
        context.publishEvent(new EnvironmentChangeEvent(context, Set.of("firebreak.command.ok." + TIMEOUT)));
        assertThat(registry.find("ok").orElseThrow().controls().config().timeout().timeout().toMillis()).isEqualTo(5000);
    }

    @Test
    void withoutARefreshEventThePollOfTheEnvironmentAppliesAChange() throws Exception {
        MapPropertySource live = liveSource();
        live.getSource().put("hystrix.command.ok.circuitBreaker.errorThresholdPercentage", "35");
        Await.until("the poll applies the new threshold", () ->
                registry.find("ok").orElseThrow().controls().config().breaker().errorThresholdPercentage() == 35);
        live.getSource().remove("hystrix.command.ok.circuitBreaker.errorThresholdPercentage");
        Await.until("the poll restores the default", () ->
                registry.find("ok").orElseThrow().controls().config().breaker().errorThresholdPercentage() == 50);
    }

    @Test
    void theHystrixStreamServesHystrixFramesOnTheApplicationsPort() throws Exception {
        http.body("/call/ok");
        String[] typeAndLine = http.readStreamUntil("/actuator/hystrix.stream?delay=100",
                line -> line.startsWith("data: ") && line.contains("\"name\":\"ok\""));
        assertThat(typeAndLine[0]).startsWith("text/event-stream");
        assertThat(typeAndLine[1]).contains("\"type\":\"HystrixCommand\"", "\"isCircuitBreakerOpen\":false");
        assertThat(http.get("/actuator/hystrix.stream?delay=soon").statusCode()).isEqualTo(400);
        assertThat(http.get("/actuator/hystrix.stream?delay=soon").body()).contains("delay = soon", "milliseconds");
    }

    private MapPropertySource liveSource() {
        MapPropertySource live = (MapPropertySource) context.getEnvironment().getPropertySources().get("live");
        if (live == null) {
            live = new MapPropertySource("live", new ConcurrentHashMap<>());
            context.getEnvironment().getPropertySources().addFirst(live);
        }
        return live;
    }
}
