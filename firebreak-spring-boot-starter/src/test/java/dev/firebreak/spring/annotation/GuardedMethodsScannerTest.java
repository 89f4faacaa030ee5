package dev.firebreak.spring.annotation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.firebreak.GuardRegistry;
import dev.firebreak.spring.annotation.startup.BadFallbacks;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.BeanCreationException;
import org.springframework.beans.factory.support.DefaultListableBeanFactory;
import org.springframework.core.env.StandardEnvironment;

/**
 * Which classes the startup scan and the advisor search, that remembering plain classes never hides a bad
 * fallback, and that the advisor skips only classes known to have no {@code @Guarded} method.
 */
class GuardedMethodsScannerTest {

    private final GuardedMethods methods = new GuardedMethods(new DefaultListableBeanFactory().getBeanProvider(GuardRegistry.class));
    private final GuardedMethodsScanner scanner = new GuardedMethodsScanner(methods);
    private final GuardedClassFilter advisorClassFilter = new GuardedClassFilter(methods);

    /** A class of the application's with no {@code @Guarded} method. */
    static class PlainBean {
        public String quote(String symbol) {
            return symbol;
        }
    }

    @Test
    void skipsTheJdksAndSpringsClassesButNotTheApplications() {
        assertThat(GuardedSearch.mayDeclareGuarded(String.class)).isFalse();
        assertThat(GuardedSearch.mayDeclareGuarded(StandardEnvironment.class)).isFalse();
        assertThat(GuardedSearch.mayDeclareGuarded(PlainBean.class)).isTrue();
        assertThat(GuardedSearch.mayDeclareGuarded(BadFallbacks.MissingFallbackBean.class)).isTrue();
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

    /** A class of the application's with a {@code @Guarded} method. */
    static class GuardedBean {
        @Guarded(name = "scanner-test")
        public String quote(String symbol) {
            return symbol;
        }
    }

    /** An interface whose method carries {@code @Guarded}, and a class implementing it without repeating it. */
    interface GuardedQuotes {
        @Guarded(name = "scanner-test-interface")
        String quote(String symbol);
    }

    static class InterfaceGuardedBean implements GuardedQuotes {
        @Override
        public String quote(String symbol) {
            return symbol;
        }
    }

    @Test
    void theAdvisorSkipsSpringsClassesAndClassesTheScanFoundWithoutGuardedMethods() {
        assertThat(advisorClassFilter.matches(StandardEnvironment.class)).isFalse();
        assertThat(advisorClassFilter.matches(String.class)).isFalse();
        assertThat(advisorClassFilter.matches(PlainBean.class)).as("not searched yet: matched method by method").isTrue();
        assertThat(advisorClassFilter.matches(GuardedBean.class)).isTrue();

        scanner.postProcessBeforeInitialization(new PlainBean(), "plain");
        scanner.postProcessBeforeInitialization(new GuardedBean(), "guarded");
        scanner.postProcessBeforeInitialization(new InterfaceGuardedBean(), "guardedByItsInterface");

        assertThat(advisorClassFilter.matches(PlainBean.class)).isFalse();
        assertThat(advisorClassFilter.matches(GuardedBean.class)).isTrue();
        assertThat(advisorClassFilter.matches(InterfaceGuardedBean.class)).as("@Guarded on the interface").isTrue();
    }
}
