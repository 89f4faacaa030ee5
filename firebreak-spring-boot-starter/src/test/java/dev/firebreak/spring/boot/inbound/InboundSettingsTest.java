package dev.firebreak.spring.boot.inbound;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.context.Criticality;
import dev.firebreak.spring.boot.FirebreakAutoConfiguration;
import dev.firebreak.spring.boot.criticality.CriticalityRestClientAutoConfiguration;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;

/** Bad inbound values fail the start, naming the key, the value and the rule; good ones are read as meant. */
class InboundSettingsTest {

    private final WebApplicationContextRunner runner = new WebApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(FirebreakAutoConfiguration.class,
                    FirebreakInboundServletAutoConfiguration.class, CriticalityRestClientAutoConfiguration.class))
            .withPropertyValues("firebreak.inbound.enabled=true");

    private void refused(String message, String... properties) {
        runner.withPropertyValues(properties).run(context -> assertThat(context.getStartupFailure()).isNotNull()
                .rootCause().hasMessageContaining(message));
    }

    @Test
    void badValuesFailTheStart() {
        refused("firebreak.inbound.paths[0].max-criticality = 'urgent': must be one of [CRITICAL_PLUS, CRITICAL, SHEDDABLE_PLUS, SHEDDABLE]",
                "firebreak.inbound.paths[0].pattern=/api/**", "firebreak.inbound.paths[0].guard=api",
                "firebreak.inbound.paths[0].max-criticality=urgent");
        refused("firebreak.inbound.paths[0].pattern = '/api/{x': must be a path pattern",
                "firebreak.inbound.paths[0].pattern=/api/{x", "firebreak.inbound.paths[0].guard=api");
        refused("firebreak.inbound.paths[0].guard = '': must name a guard", "firebreak.inbound.paths[0].pattern=/api/**");
        refused("firebreak.inbound.paths[0].gaurd = 'api': unknown key", "firebreak.inbound.paths[0].pattern=/api/**",
                "firebreak.inbound.paths[0].gaurd=api");
        refused("firebreak.inbound.retry-after-max = 500ms: must be at least 1s", "firebreak.inbound.retry-after-max=500ms");
        refused("firebreak.inbound.retry-after-max = soon: must be a duration such as 30s",
                "firebreak.inbound.retry-after-max=soon");
        refused("firebreak.criticality.header = 'X Level': must be an HTTP header name", "firebreak.criticality.header=X Level");
    }

    @Test
    void goodValuesAreReadMostSpecificPatternFirst() {
        runner.withPropertyValues("firebreak.inbound.paths[0].pattern=/api/**", "firebreak.inbound.paths[0].guard=api",
                "firebreak.inbound.paths[1].pattern=/api/admin/*", "firebreak.inbound.paths[1].guard=admin",
                "firebreak.inbound.paths[1].maxCriticality=sheddable", "firebreak.criticality.header=X-Level",
                "firebreak.inbound.retry-after-max=90s",
                "firebreak.config.poll-interval=0").run(context -> {
                    assertThat(context).hasNotFailed();
                    InboundGuards guards = context.getBean(InboundGuards.class);
                    assertThat(guards.settings().header()).isEqualTo("X-Level");
                    assertThat(guards.settings().retryAfterMax()).hasSeconds(90);
                    assertThat(guards.settings().routes()).extracting(InboundRoute::guard).containsExactly("admin", "api");
                    assertThat(guards.settings().routes()).extracting(InboundRoute::maxCriticality)
                            .containsExactly(Criticality.SHEDDABLE, Criticality.CRITICAL);
                    InboundRoute admin = guards.match(org.springframework.http.server.PathContainer.parsePath("/api/admin/x"));
                    assertThat(admin.guard()).isEqualTo("admin");
                    assertThat(guards.match(org.springframework.http.server.PathContainer.parsePath("/other"))).isNull();
                    assertThat(guards.guard("api").controls().isolator().runsOnCaller()).as("SEMAPHORE by default").isTrue();
                    assertThat(context.getBean(dev.firebreak.spring.boot.criticality.CriticalityHeaderInterceptor.class))
                            .hasToString("CriticalityHeaderInterceptor[X-Level]");
                });
    }

    @Test
    void offByDefault() {
        new WebApplicationContextRunner()
                .withConfiguration(AutoConfigurations.of(FirebreakAutoConfiguration.class,
                        FirebreakInboundServletAutoConfiguration.class))
                .run(context -> assertThat(context).doesNotHaveBean(InboundGuards.class));
    }
}
