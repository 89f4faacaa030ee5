package dev.firebreak.spring.boot.inbound;

import static dev.firebreak.spring.boot.inbound.InboundClient.get;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.context.ConfigurableApplicationContext;

/** The WebFlux filter over real HTTP: service A on Reactor Netty calling service B on Tomcat. */
class ReactiveInboundTest extends InboundScenarios {

    private static ConfigurableApplicationContext a;
    private static ConfigurableApplicationContext b;

    @BeforeAll
    static void start() {
        try {
            b = InboundClient.start(InboundApplications.ServletApp.class, "servlet", B);
            a = InboundClient.start(InboundApplications.ReactiveApp.class, "reactive", A);
        } catch (RuntimeException failed) {
            stop();
            throw failed;
        }
    }

    @AfterAll
    static void stop() {
        if (a != null) {
            a.close();
        }
        if (b != null) {
            b.close();
        }
    }

    @Override
    ConfigurableApplicationContext a() {
        return a;
    }

    @Override
    ConfigurableApplicationContext b() {
        return b;
    }

    @Test
    void theFilterIsAWebFilter() {
        assertThat(a.getBeansOfType(InboundWebFilter.class)).hasSize(1);
        assertThat(a.getBeansOfType(InboundServletFilter.class)).isEmpty();
    }

    @Test
    void fullLimit() throws Exception {
        aFullLimitIsAnswered503WithRetryAfterAndPassesAgainOnceFree();
    }

    @Test
    void rateLimit() throws Exception {
        aRateLimitIsAnswered429WithTheTimeToTheNextPermitCapped();
    }

    @Test
    void openBreaker() throws Exception {
        anOpenBreakerIsAnswered503AfterItsSleepWindow();
    }

    @Test
    void handlerAnswers() throws Exception {
        theHandlersOwnAnswersPassThroughAndOnlyServerErrorsCountAsFailures();
    }

    @Test
    void levelRead() throws Exception {
        // the Reactor Context's level / the assembling thread's
        theLevelIsReadCappedAndCountedNeverAnError("", List.of("SHEDDABLE_PLUS/SHEDDABLE_PLUS", "CRITICAL_PLUS/CRITICAL_PLUS",
                "CRITICAL/CRITICAL", "SHEDDABLE_PLUS/SHEDDABLE_PLUS"));
    }

    @Test
    void levelAcrossServices() throws Exception {
        theLevelTravelsToServiceBByRestClientAndWebClientCappedWhereAAllowsLess("L/L|L/L");
    }

    @Test
    void theAnnotationsLevelHoldsForItsCallOnly() throws Exception {
        assertThat(get(a, "/api/prefetch", HEADER, "CRITICAL").body())
                .isEqualTo("SHEDDABLE>SHEDDABLE_PLUS/SHEDDABLE_PLUS");
    }
}
