package dev.firebreak.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.firebreak.isolation.IsolationStrategy;
import org.junit.jupiter.api.Test;

/** Strict parsing: a text either is a value of its type or is refused naming key, text and rule. */
class ValueTypeTest {

    @Test
    void integersAreDecimal32BitWithOptionalSignAndSurroundingWhitespace() {
        assertThat(ValueType.INTEGER.parse("k", " 1000\t")).isEqualTo(1000);
        assertThat(ValueType.INTEGER.parse("k", "+5")).isEqualTo(5);
        assertThat(ValueType.INTEGER.parse("k", "-1")).isEqualTo(-1);
        assertThat(ValueType.INTEGER.parse("k", "2147483647")).isEqualTo(Integer.MAX_VALUE);
        assertThat(ValueType.INTEGER.parse("k", "-2147483648")).isEqualTo(Integer.MIN_VALUE);
        assertThatThrownBy(() -> ValueType.INTEGER.parse("coreSize", "2147483648"))
                .isInstanceOf(InvalidConfigException.class)
                .hasMessage("coreSize = 2147483648: must be an integer between -2147483648 and 2147483647");
        assertThatThrownBy(() -> ValueType.INTEGER.parse("coreSize", "1.5"))
                .hasMessage("coreSize = 1.5: must be an integer");
        for (String bad : new String[] {"", "0x10", "1e3", "1_000", "١٢", "+", "5ms", null}) {
            assertThatThrownBy(() -> ValueType.INTEGER.parse("k", bad)).as(bad).isInstanceOf(InvalidConfigException.class);
        }
    }

    @Test
    void booleansAreNeverGuessed() {
        assertThat(ValueType.BOOLEAN.parse("k", "TRUE")).isTrue();
        assertThat(ValueType.BOOLEAN.parse("k", " off ")).isFalse();
        assertThat(ValueType.BOOLEAN.parse("k", "yes")).isTrue();
        assertThatThrownBy(() -> ValueType.BOOLEAN.parse("fallback.enabled", "flase"))
                .hasMessage("fallback.enabled = flase: must be true or false");
    }

    @Test
    void enumsMatchTheirConstantNamesInAnyCase() {
        ValueType<IsolationStrategy> type = ValueType.enumOf(IsolationStrategy.class);
        assertThat(type.parse("k", "semaphore")).isEqualTo(IsolationStrategy.SEMAPHORE);
        assertThat(type.format(IsolationStrategy.VIRTUAL)).isEqualTo("VIRTUAL");
        assertThatThrownBy(() -> type.parse("execution.isolation.strategy", "POOL"))
                .hasMessage("execution.isolation.strategy = POOL: must be one of THREAD, SEMAPHORE, VIRTUAL");
    }

    @Test
    void aWindowRefusalNamesBothItsProperties() {
        assertThatThrownBy(() -> Check.window("t", 1000, "b", 7))
                .isInstanceOfSatisfying(InvalidConfigException.class, e -> {
                    assertThat(e.keys()).containsExactly("t", "b");
                    assertThat(e.getMessage()).isEqualTo("t = 1000: must divide evenly by b (7)");
                });
        assertThatThrownBy(() -> Check.window("t", 1000, "b", 0))
                .isInstanceOfSatisfying(InvalidConfigException.class, e -> assertThat(e.keys()).containsExactly("b"));
    }
}
