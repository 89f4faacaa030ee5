package dev.firebreak.spring.annotation.fallbacks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.firebreak.CallFailedException;
import dev.firebreak.GuardException;
import dev.firebreak.GuardRegistry;
import dev.firebreak.ShortCircuitedException;
import dev.firebreak.event.EventType;
import org.junit.jupiter.api.Test;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.support.GenericApplicationContext;

/**
 * A fallback method that is {@code @Guarded} itself runs through its own guard; its refusal or failure
 * reaches the caller as the guarded method's exception's fallback failure, never lost.
 */
class GuardedFallbackTest {

    private static ConfigurableApplicationContext run(String beanName, Class<?> beanClass, String... properties) {
        return new SpringApplicationBuilder(FallbackApplications.App.class).web(WebApplicationType.NONE)
                .properties("spring.cloud.compatibility-verifier.enabled=false",
                        "firebreak.command.primary.execution.isolation.strategy=SEMAPHORE",
                        "firebreak.command.secondary.execution.isolation.strategy=SEMAPHORE")
                .properties(properties)
                .initializers(app -> ((GenericApplicationContext) app).registerBean(beanName, beanClass))
                .run();
    }

    private static long count(ConfigurableApplicationContext context, String guard, EventType type) {
        return context.getBean(GuardRegistry.class).find(guard).orElseThrow().controls().metrics().cumulativeCount(type);
    }

    @Test
    void theFallbackRunsThroughItsOwnGuard() {
        try (ConfigurableApplicationContext context = run("bean", FallbackApplications.GuardedFallbackBean.class)) {
            FallbackApplications.GuardedFallbackBean bean = context.getBean(FallbackApplications.GuardedFallbackBean.class);
            assertThat(bean.call("x")).isEqualTo("secondary x");
            assertThat(count(context, "primary", EventType.FAILURE)).isEqualTo(1);
            assertThat(count(context, "primary", EventType.FALLBACK_SUCCESS)).isEqualTo(1);
            assertThat(count(context, "secondary", EventType.SUCCESS)).as("through the fallback's guard").isEqualTo(1);
        }
    }

    @Test
    void aFallbackItsGuardRefusesReachesTheCallerAsTheFallbackFailure() {
        try (ConfigurableApplicationContext context = run("bean", FallbackApplications.GuardedFallbackBean.class,
                "firebreak.command.secondary.circuitBreaker.forceOpen=true")) {
            FallbackApplications.GuardedFallbackBean bean = context.getBean(FallbackApplications.GuardedFallbackBean.class);
            assertThatThrownBy(() -> bean.call("x")).isInstanceOfSatisfying(CallFailedException.class, failure -> {
                assertThat(failure.getCause()).hasMessage("primary down");
                assertThat(failure.fallbackFailure()).isInstanceOf(ShortCircuitedException.class);
            });
            assertThat(count(context, "secondary", EventType.SHORT_CIRCUITED)).isEqualTo(1);
            assertThat(count(context, "primary", EventType.FALLBACK_FAILURE)).isEqualTo(1);
        }
    }

    @Test
    void aFallbackThatFailsReachesTheCallerWithItsOwnException() {
        try (ConfigurableApplicationContext context = run("bean", FallbackApplications.GuardedFallbackBean.class)) {
            FallbackApplications.GuardedFallbackBean bean = context.getBean(FallbackApplications.GuardedFallbackBean.class);
            assertThatThrownBy(() -> bean.call("fail")).isInstanceOfSatisfying(CallFailedException.class, failure -> {
                assertThat(failure.getCause()).hasMessage("primary down");
                assertThat(failure.fallbackFailure()).isInstanceOf(GuardException.class)
                        .hasRootCauseMessage("secondary down too");
            });
            assertThat(count(context, "secondary", EventType.FAILURE)).isEqualTo(1);
        }
    }

    /* The scan meets the bean's methods in no fixed order: the cycle is named from the first one it meets. */
    private static String cycleMessage(String bean, Class<?> type, String... cycle) {
        String start = cycle[0];
        return "Bean '" + bean + "' (" + type.getName() + "): @Guarded method " + start + " falls back through"
                + " @Guarded fallback methods that lead back to " + start + ": " + String.join(" -> ", cycle) + " -> "
                + start + "; expected every chain of fallbacks to end (at a fallback method that is not @Guarded,"
                + " or @Guarded without a fallbackMethod)";
    }

    @Test
    void guardedFallbacksThatFallBackToEachOtherFailTheStart() {
        Class<?> type = FallbackApplications.CycleBean.class;
        assertThatThrownBy(() -> run("cycles", type).close()).rootCause()
                .satisfies(refusal -> assertThat(refusal.getMessage()).isIn(
                        cycleMessage("cycles", type, "a(String)", "b(String)"),
                        cycleMessage("cycles", type, "b(String)", "a(String)")));
    }

    @Test
    void aLongerCycleEnteredFromOutsideFailsTheStart() {
        assertThatThrownBy(() -> run("long", FallbackApplications.LongCycleBean.class).close()).rootCause()
                .hasMessageStartingWith("Bean 'long' (" + FallbackApplications.LongCycleBean.class.getName() + ")")
                .satisfies(refusal -> assertThat(refusal.getMessage()).containsAnyOf(
                        ": first(String) -> second(String) -> third(String) -> first(String);",
                        ": second(String) -> third(String) -> first(String) -> second(String);",
                        ": third(String) -> first(String) -> second(String) -> third(String);"));
    }
}
