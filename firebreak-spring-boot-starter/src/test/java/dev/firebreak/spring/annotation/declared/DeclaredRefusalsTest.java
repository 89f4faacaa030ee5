package dev.firebreak.spring.annotation.declared;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.firebreak.GuardRegistry;
import dev.firebreak.hedge.HedgeRegistry;
import dev.firebreak.retry.Retry;
import dev.firebreak.retry.RetryRegistry;

import org.junit.jupiter.api.Test;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.support.GenericApplicationContext;

/**
 * A retry or hedge declaration that cannot work fails startup, naming the bean, the method and the reason;
 * methods of one guard may share a declared policy.
 */
class DeclaredRefusalsTest {

    private static void start(String beanName, Class<?> beanClass, String... properties) {
        run(beanName, beanClass, properties).close();
    }

    private static ConfigurableApplicationContext run(String beanName, Class<?> beanClass, String... properties) {
        return new SpringApplicationBuilder(DeclaredApplications.Refused.class).web(WebApplicationType.NONE)
                .properties("spring.cloud.compatibility-verifier.enabled=false")
                .properties(properties)
                .initializers(app -> ((GenericApplicationContext) app).registerBean(beanName, beanClass))
                .run();
    }

    private static String bean(String name, Class<?> type, String method) {
        return "Bean '" + name + "' (" + type.getName() + "): @Guarded method " + method + " ";
    }

    @Test
    void aHedgeOnAMethodNotMarkedIdempotentFailsStartup() {
        assertThatThrownBy(() -> start("writes", DeclaredApplications.NotIdempotentBean.class,
                "firebreak.hedge.writes-hedge.maxHedges=1"))
                .rootCause()
                .hasMessage(bean("writes", DeclaredApplications.NotIdempotentBean.class, "write(String)")
                        + "declares hedge 'writes-hedge' but is not marked idempotent; a hedge runs the method again while"
                        + " the first call still runs: expected @Guarded(..., idempotent = true) if that is safe");
    }

    @Test
    void aRetryNoKeyConfiguresFailsStartup() {
        assertThatThrownBy(() -> start("lookups", DeclaredApplications.UnknownRetryBean.class,
                "firebreak.retry.lookups-retry.maxAttempts=2"))
                .rootCause()
                .hasMessage(bean("lookups", DeclaredApplications.UnknownRetryBean.class, "lookup(String)")
                        + "declares retry 'lookups-retyr', but the Environment has no key firebreak.retry.lookups-retyr.*;"
                        + " expected at least one (for example firebreak.retry.lookups-retyr.maxAttempts)");
    }

    @Test
    void aHedgeNoKeyConfiguresFailsStartup() {
        assertThatThrownBy(() -> start("lookups", DeclaredApplications.UnknownHedgeBean.class))
                .rootCause()
                .hasMessageStartingWith(bean("lookups", DeclaredApplications.UnknownHedgeBean.class, "lookup(String)")
                        + "declares hedge 'lookups-hedg', but the Environment has no key firebreak.hedge.lookups-hedg.*");
    }

    @Test
    void aRetryOnAFluxMethodStarts() {
        try (ConfigurableApplicationContext context = run("quotes", DeclaredApplications.FluxRetryBean.class,
                "firebreak.retry.quotes-retry.maxAttempts=2")) {
            assertThat(context.getBean(DeclaredApplications.FluxRetryBean.class).quote("q").collectList().block())
                    .containsExactly("q");
            assertThat(RetryRegistry.of(context.getBean(GuardRegistry.class)).find("quotes-retry").orElseThrow()
                    .metrics().calls()).isEqualTo(1);
        }
    }

    @Test
    void aRetryAndAHedgeOnOneMethodStartThroughItsGuard() {
        try (ConfigurableApplicationContext context = run("prices", DeclaredApplications.BothBean.class,
                "firebreak.retry.prices-retry.maxAttempts=2", "firebreak.hedge.prices-hedge.maxHedges=1")) {
            assertThat(context.getBean(DeclaredApplications.BothBean.class).price("p")).isEqualTo("p");
            GuardRegistry registry = context.getBean(GuardRegistry.class);
            assertThat(RetryRegistry.of(registry).find("prices-retry").orElseThrow().guard().name()).isEqualTo("prices");
            assertThat(HedgeRegistry.of(registry).find("prices-hedge").orElseThrow().guard().name()).isEqualTo("prices");
        }
    }

    @Test
    void aHedgeBesideARetryOnAMethodNotMarkedIdempotentFailsStartup() {
        assertThatThrownBy(() -> start("prices", DeclaredApplications.BothNotIdempotentBean.class,
                "firebreak.retry.prices-retry.maxAttempts=2", "firebreak.hedge.prices-hedge.maxHedges=1"))
                .rootCause()
                .hasMessageStartingWith(bean("prices", DeclaredApplications.BothNotIdempotentBean.class, "price(String)")
                        + "declares hedge 'prices-hedge' but is not marked idempotent");
    }

    @Test
    void aHedgeOfOneGuardUnderARetryOfAnotherFailsStartup() {
        assertThatThrownBy(() -> start("mixed", DeclaredApplications.CrossedPoliciesBean.class,
                "firebreak.retry.left-retry.maxAttempts=2", "firebreak.retry.right-retry.maxAttempts=2",
                "firebreak.hedge.shared-hedge.maxHedges=1"))
                .rootCause()
                .hasMessageContaining("declares hedge 'shared-hedge' through guard '")
                .hasMessageEndingWith("a policy goes through one guard: give each guard its own");
    }

    @Test
    void oneRetryDeclaredThroughTwoGuardsFailsStartup() {
        assertThatThrownBy(() -> start("shared", DeclaredApplications.SharedRetryBean.class,
                "firebreak.retry.shared-retry.maxAttempts=2"))
                .rootCause()
                .hasMessageContaining("Bean 'shared' (" + DeclaredApplications.SharedRetryBean.class.getName() + ")")
                .hasMessageContaining("declares retry 'shared-retry' through guard '")
                .hasMessageContaining("but another @Guarded method declares it through guard '")
                .hasMessageEndingWith("a policy goes through one guard: give each guard its own");
    }

    @Test
    void aPolicyNamedDefaultFailsStartup() {
        assertThatThrownBy(() -> start("reports", DeclaredApplications.DefaultNamedBean.class,
                "firebreak.retry.default.maxAttempts=2"))
                .rootCause()
                .hasMessage(bean("reports", DeclaredApplications.DefaultNamedBean.class, "report(String)")
                        + "declares retry 'default'; expected the name of a retry policy (not blank, not 'default',"
                        + " which names the default section firebreak.retry.default.*)");
    }

    @Test
    void methodsOfOneGuardShareOneDeclaredRetry() {
        try (ConfigurableApplicationContext context = run("same", DeclaredApplications.SharedOnOneGuardBean.class,
                "firebreak.retry.same-retry.maxAttempts=2")) {
            DeclaredApplications.SharedOnOneGuardBean bean = context.getBean(DeclaredApplications.SharedOnOneGuardBean.class);
            assertThat(bean.first("a")).isEqualTo("first a");
            assertThat(bean.second("b")).isEqualTo("second b");
            Retry retry = RetryRegistry.of(context.getBean(GuardRegistry.class)).find("same-retry").orElseThrow();
            assertThat(retry.metrics().calls()).as("both methods' calls").isEqualTo(2);
            assertThat(RetryRegistry.of(context.getBean(GuardRegistry.class)).policies()).hasSize(1);
        }
    }
}
