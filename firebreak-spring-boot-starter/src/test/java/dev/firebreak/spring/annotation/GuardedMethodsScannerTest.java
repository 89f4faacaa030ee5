package dev.firebreak.spring.annotation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.firebreak.GuardRegistry;
import dev.firebreak.spring.annotation.startup.BadFallbacks;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.BeanCreationException;
import org.springframework.beans.factory.support.DefaultListableBeanFactory;
import org.springframework.core.env.StandardEnvironment;

/** Which classes the startup scan searches, and that remembering plain classes never hides a bad fallback. */
class GuardedMethodsScannerTest {

    private final GuardedMethodsScanner scanner = new GuardedMethodsScanner(
            new GuardedMethods(new DefaultListableBeanFactory().getBeanProvider(GuardRegistry.class)));

    /** A class of the application's with no {@code @Guarded} method. */
    static class PlainBean {
        public String quote(String symbol) {
            return symbol;
        }
    }

    @Test
    void skipsTheJdksAndSpringsClassesButNotTheApplications() {
        assertThat(GuardedMethodsScanner.mayDeclareGuarded(String.class)).isFalse();
        assertThat(GuardedMethodsScanner.mayDeclareGuarded(StandardEnvironment.class)).isFalse();
        assertThat(GuardedMethodsScanner.mayDeclareGuarded(PlainBean.class)).isTrue();
        assertThat(GuardedMethodsScanner.mayDeclareGuarded(BadFallbacks.MissingFallbackBean.class)).isTrue();
    }

    @Test
    void everyBeanOfAClassWithGuardedMethodsIsStillChecked() {
        assertThat(scanner.postProcessBeforeInitialization(new PlainBean(), "plain")).isInstanceOf(PlainBean.class);
        assertThat(scanner.postProcessBeforeInitialization(new PlainBean(), "plainAgain")).isInstanceOf(PlainBean.class);
        for (String name : new String[] {"first", "second"}) {
            assertThatThrownBy(() -> scanner.postProcessBeforeInitialization(new BadFallbacks.MissingFallbackBean(), name))
                    .isInstanceOf(BeanCreationException.class)
                    .hasMessageContaining("'" + name + "'")
                    .hasMessageContaining("noSuchMethod");
        }
    }
}
