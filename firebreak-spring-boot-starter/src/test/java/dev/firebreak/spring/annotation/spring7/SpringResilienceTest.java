package dev.firebreak.spring.annotation.spring7;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.firebreak.GuardRegistry;
import dev.firebreak.event.EventType;
import dev.firebreak.spring.annotation.spring7.SpringResilienceApplication.Inventory;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.support.GenericApplicationContext;

/**
 * Spring Framework 7's {@code @Retryable} and {@code @ConcurrencyLimit} on a {@code @Guarded} method, in a real
 * context: Spring's interceptors run outside the guard, so each retry is one guarded call, and the limit's
 * permit is given back on every outcome, the guard's fallback included.
 */
class SpringResilienceTest {

    private ConfigurableApplicationContext context;
    private Inventory inventory;
    private GuardRegistry registry;

    @BeforeEach
    void start() {
        context = new SpringApplicationBuilder(SpringResilienceApplication.class).web(WebApplicationType.NONE)
                .properties("spring.cloud.compatibility-verifier.enabled=false",
                        "firebreak.command.inventory.execution.isolation.strategy=SEMAPHORE",
                        "firebreak.command.reservations.execution.isolation.strategy=SEMAPHORE",
                        "firebreak.command.reservations.execution.timeout.enabled=false")
                .run();
        inventory = context.getBean(Inventory.class);
        registry = context.getBean(GuardRegistry.class);
    }

    @AfterEach
    void stop() {
        context.close();
    }

    private long onGuard(String guard, EventType type) {
        return registry.find(guard).orElseThrow().controls().metrics().cumulativeCount(type);
    }

    @Test
    void springsRetryIsOutsideTheGuardSoEachAttemptIsAGuardedCall() {
        inventory.failFirst(2);
        assertThat(inventory.stock("bolts")).isEqualTo("in stock: bolts");
        assertThat(inventory.calls()).hasValue(3);
        assertThat(onGuard("inventory", EventType.FAILURE)).as("each failed attempt went through the guard").isEqualTo(2);
        assertThat(onGuard("inventory", EventType.SUCCESS)).isEqualTo(1);
    }

    @Test
    void theConcurrencyLimitHoldsAcrossTheGuardAndLeaksNoPermitOnAnyOutcome() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        inventory.holdEachCallUntil(release);
        ExecutorService callers = Executors.newFixedThreadPool(16);
        try {
            List<Future<String>> answers = new ArrayList<>();
            for (int i = 0; i < 16; i++) {
                int n = i;
                answers.add(callers.submit(() -> inventory.reserve("seat " + n)));
            }
            release.countDown();
            int reserved = 0;
            for (Future<String> answer : answers) {
                if (answer.get(60, TimeUnit.SECONDS).startsWith("reserved")) {
                    reserved++;
                }
            }
            assertThat(reserved).as("every other call failed and the fallback answered").isEqualTo(8);
        } finally {
            callers.shutdownNow();
        }
        assertThat(inventory.mostAtOnce()).as("Spring's limit held around the guard").isLessThanOrEqualTo(2);
        assertThat(onGuard("reservations", EventType.FALLBACK_SUCCESS)).isEqualTo(8);
        assertThat(registry.find("reservations").orElseThrow().controls().metrics().snapshot().concurrentExecutions())
                .as("no guard permit held").isZero();
        // no limit permit leaked either: two calls get inside the method at once (a leak would hold one out)
        CountDownLatch bothInside = new CountDownLatch(2);
        inventory.countArrivalsOn(bothInside);
        inventory.holdEachCallUntil(bothInside);
        ExecutorService late = Executors.newFixedThreadPool(2);
        try {
            Future<String> first = late.submit(() -> inventory.reserve("late 1"));
            Future<String> second = late.submit(() -> inventory.reserve("late 2"));
            assertThat(bothInside.await(30, TimeUnit.SECONDS)).as("both permits free after 16 calls").isTrue();
            assertThat(first.get(60, TimeUnit.SECONDS)).isNotNull();
            assertThat(second.get(60, TimeUnit.SECONDS)).isNotNull();
        } finally {
            late.shutdownNow();
        }
    }

    @Test
    void aDeclaredRetryBesideSpringsRetryableFailsStartupNamingBoth() {
        assertThatThrownBy(() -> new SpringApplicationBuilder(SpringResilienceApplication.class)
                .web(WebApplicationType.NONE)
                .properties("spring.cloud.compatibility-verifier.enabled=false", "firebreak.retry.lookups-retry.maxAttempts=2")
                .initializers(app -> ((GenericApplicationContext) app).registerBean("lookups",
                        SpringResilienceApplication.DoubleRetry.class))
                .run().close())
                .rootCause()
                .hasMessage("Bean 'lookups' (" + SpringResilienceApplication.DoubleRetry.class.getName()
                        + "): @Guarded method lookup(String) declares retry 'lookups-retry' and is also Spring's @Retryable;"
                        + " the two would multiply each other's attempts: keep one (Spring's retry runs outside the guard,"
                        + " each attempt a guarded call)");
    }
}
