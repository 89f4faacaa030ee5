package dev.firebreak.spring.annotation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.firebreak.GuardRegistry;
import dev.firebreak.spring.annotation.startup.BadFallbacks;
import org.junit.jupiter.api.Test;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/** A missing or mismatched fallback method fails startup, naming the bean, the method and what was expected. */
class FallbackValidationTest {

    private static ConfigurableApplicationContext start(Class<?> configuration) {
        return new SpringApplicationBuilder(configuration).web(WebApplicationType.NONE)
                .properties("spring.cloud.compatibility-verifier.enabled=false").run();
    }

    @Test
    void aMissingFallbackMethodFailsStartup() {
        assertThatThrownBy(() -> start(BadFallbacks.Missing.class))
                .rootCause()
                .hasMessage("Bean 'missingFallbackBean' (" + BadFallbacks.MissingFallbackBean.class.getName() + "): @Guarded method"
                        + " quote(String) names fallbackMethod 'noSuchMethod', but the class has no method named 'noSuchMethod';"
                        + " expected noSuchMethod(String) or noSuchMethod(String, Throwable) returning String");
    }

    @Test
    void fallbackParametersThatDoNotMatchFailStartup() {
        assertThatThrownBy(() -> start(BadFallbacks.WrongParameters.class))
                .rootCause()
                .hasMessageContaining("Bean 'wrongParametersBean'")
                .hasMessageContaining("@Guarded method quote(String) names fallbackMethod 'fallback'")
                .hasMessageContaining("no method of that name has matching parameters (found fallback(Integer))")
                .hasMessageContaining("expected fallback(String) or fallback(String, Throwable) returning String");
    }

    @Test
    void aFallbackReturningAnIncompatibleTypeFailsStartup() {
        assertThatThrownBy(() -> start(BadFallbacks.WrongReturn.class))
                .rootCause()
                .hasMessageContaining("Bean 'wrongReturnBean'")
                .hasMessageContaining("fallback(String) returns Integer, which is not assignable to String");
    }

    @Test
    void aWellFormedFallbackStartsAndAnswers() {
        try (ConfigurableApplicationContext context = start(BadFallbacks.Fine.class)) {
            BadFallbacks.FineBean bean = context.getBean(BadFallbacks.FineBean.class);
            assertThat(bean.quote("x")).isEqualTo("fallback for x after IllegalStateException");
            assertThat(context.getBean(GuardRegistry.class).find("fine")).as("created at startup").isPresent();
        }
    }
}
