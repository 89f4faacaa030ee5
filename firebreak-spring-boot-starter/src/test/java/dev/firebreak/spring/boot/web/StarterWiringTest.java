package dev.firebreak.spring.boot.web;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.spring.boot.FirebreakAutoConfiguration;
import dev.firebreak.spring.boot.actuate.AggregateInstances;
import dev.firebreak.spring.boot.actuate.DashboardServletHandler;
import dev.firebreak.spring.boot.actuate.FirebreakAggregateAutoConfiguration;
import dev.firebreak.spring.boot.actuate.FirebreakCorsAutoConfiguration;
import dev.firebreak.spring.boot.actuate.FirebreakStreamAutoConfiguration;
import dev.firebreak.stream.AggregateFleet;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;

/** Which parts the properties turn on and off, and the refusals of bad values, naming key, value and rule. */
class StarterWiringTest {

    private final WebApplicationContextRunner runner = new WebApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(FirebreakAutoConfiguration.class, FirebreakStreamAutoConfiguration.class,
                    FirebreakCorsAutoConfiguration.class, FirebreakAggregateAutoConfiguration.class));

    @Test
    void theDashboardComesWithTheStreamAndGoesWithEitherSwitch() {
        runner.run(context -> assertThat(context).hasSingleBean(DashboardServletHandler.class));
        runner.withPropertyValues("firebreak.dashboard.enabled=false")
                .run(context -> assertThat(context).doesNotHaveBean(DashboardServletHandler.class));
        runner.withPropertyValues("firebreak.stream.enabled=false")
                .run(context -> assertThat(context).doesNotHaveBean(DashboardServletHandler.class));
    }

    @Test
    void theAggregateIsOffByDefaultAndNeedsInstancesWhenOn() {
        runner.run(context -> assertThat(context).doesNotHaveBean(AggregateFleet.class)
                .doesNotHaveBean(AggregateInstances.class));
        runner.withPropertyValues("firebreak.aggregate.enabled=true").run(context -> assertThat(context).hasFailed()
                .getFailure().rootCause().hasMessageContaining("firebreak.aggregate.enabled = true")
                .hasMessageContaining("firebreak.aggregate.instances"));
        runner.withPropertyValues("firebreak.aggregate.enabled=true", "firebreak.aggregate.instances=ftp://host/x")
                .run(context -> assertThat(context).hasFailed().getFailure().rootCause()
                        .hasMessageContaining("firebreak.aggregate.instances = ftp://host/x")
                        .hasMessageContaining("http or https"));
    }

    @Test
    void anOriginThatIsNoneAndStarWithCredentialsAreRefusedAtStartup() {
        runner.withPropertyValues("firebreak.stream.allowed-origins=https://ops.example.com/dashboard")
                .run(context -> assertThat(context).hasFailed().getFailure().rootCause()
                        .hasMessageContaining("firebreak.stream.allowed-origins = https://ops.example.com/dashboard")
                        .hasMessageContaining("no path"));
        runner.withPropertyValues("management.endpoints.web.cors.allowed-origins=*",
                "management.endpoints.web.cors.allow-credentials=true")
                .run(context -> assertThat(context).hasFailed().getFailure().rootCause()
                        .hasMessageContaining("management.endpoints.web.cors.allowed-origins = [*]")
                        .hasMessageContaining("allow-credentials"));
        runner.withPropertyValues("firebreak.stream.allowed-origins=*")
                .run(context -> assertThat(context).hasNotFailed());
    }
}
