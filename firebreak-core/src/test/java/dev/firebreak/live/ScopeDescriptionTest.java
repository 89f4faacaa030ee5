package dev.firebreak.live;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.GuardConfig;
import dev.firebreak.config.ConfigScope;
import dev.firebreak.config.PropertyDefinition;
import dev.firebreak.config.PropertyDescription;
import dev.firebreak.config.ValueType;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The description API tools generate from (IDE metadata): one description per table row, true to the row. */
class ScopeDescriptionTest {

    @Test
    void everyRowIsDescribedWithItsOwnNameTypeMeaningFlagsAndADefaultThatReadsBackAsTheRecordsDefault() {
        assertThat(Scopes.all()).extracting(ConfigScope::segment)
                .containsExactly("command", "threadpool", "collapser", "retry", "hedge");
        for (ConfigScope<?, ?> scope : Scopes.all()) {
            List<PropertyDescription> described = scope.describe();
            assertThat(described).as(scope.segment()).hasSameSizeAs(scope.properties());
            for (int i = 0; i < described.size(); i++) {
                PropertyDefinition<?, ?> row = scope.properties().get(i);
                PropertyDescription description = described.get(i);
                assertThat(description.name()).isEqualTo(row.name());
                assertThat(description.type()).isSameAs(row.type());
                assertThat(description.meaning()).isEqualTo(row.meaning()).isNotBlank();
                assertThat(description.live()).isEqualTo(row.live());
                assertThat(description.hystrixName()).isEqualTo(row.hystrixName());
                assertThat(row.parse(row.name(), description.defaultValue())).as(row.name())
                        .isEqualTo(Harness.get(row, scope.defaults()));
                boolean isEnum = row.type() instanceof ValueType.EnumType<?>;
                assertThat(description.allowedValues().isEmpty()).as(row.name()).isEqualTo(!isEnum);
                for (String allowed : description.allowedValues()) {
                    assertThat(row.parse(row.name(), allowed).toString()).isEqualTo(allowed);
                }
            }
        }
    }

    @Test
    void theTimeoutAndTheStrategyReadAsHystrixDocumentsThem() {
        PropertyDescription timeout = find(GuardConfig.scope(), "execution.isolation.thread.timeoutInMilliseconds");
        assertThat(timeout.defaultValue()).isEqualTo("1000");
        assertThat(timeout.meaning()).isEqualTo("the deadline of a call");
        assertThat(timeout.live()).isTrue();
        assertThat(timeout.hystrixName()).isEqualTo("execution.isolation.thread.timeoutInMilliseconds");
        assertThat(timeout.allowedValues()).isEmpty();

        PropertyDescription strategy = find(GuardConfig.scope(), "execution.isolation.strategy");
        assertThat(strategy.defaultValue()).isEqualTo("THREAD");
        assertThat(strategy.allowedValues()).containsExactly("THREAD", "SEMAPHORE", "VIRTUAL");
        assertThat(strategy.live()).isFalse();

        PropertyDescription halfOpen = find(GuardConfig.scope(), "circuitBreaker.halfOpenTrialCalls");
        assertThat(halfOpen.hystrixName()).as("a Firebreak addition").isNull();
    }

    private static PropertyDescription find(ConfigScope<?, ?> scope, String name) {
        return scope.describe().stream().filter(d -> d.name().equals(name)).findFirst().orElseThrow();
    }
}
