package dev.firebreak.spring.annotation.fallbacks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.firebreak.GuardRegistry;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.support.GenericApplicationContext;

/**
 * {@code ignore}, {@code record} on {@code @Guarded}: the guard's classification as its code's, which the
 * guard's keys in the Environment replace, one per guard.
 */
class AnnotationClassificationTest {

    private static ConfigurableApplicationContext run(String beanName, Class<?> beanClass, String... properties) {
        return new SpringApplicationBuilder(FallbackApplications.App.class).web(WebApplicationType.NONE)
                .properties("spring.cloud.compatibility-verifier.enabled=false",
                        "firebreak.command.one-classified.execution.isolation.strategy=SEMAPHORE")
                .properties(properties)
                .initializers(app -> ((GenericApplicationContext) app).registerBean(beanName, beanClass))
                .run();
    }

    @Test
    void theAnnotationsIgnoreAppliesAndTheGuardsKeyReplacesItWhileTheDefaultSectionDoesNot() {
        try (ConfigurableApplicationContext context = run("one", FallbackApplications.OneClassifiedBean.class,
                "firebreak.command.default.ignoreExceptions=java.lang.UnsupportedOperationException")) {
            FallbackApplications.OneClassifiedBean bean = context.getBean(FallbackApplications.OneClassifiedBean.class);
            assertThatThrownBy(() -> bean.call(new NumberFormatException("a subclass, ignored")))
                    .isInstanceOf(NumberFormatException.class);
            assertThat(bean.call(new UnsupportedOperationException("the default section does not win over code")))
                    .isEqualTo("fallback");
        }
        try (ConfigurableApplicationContext context = run("one", FallbackApplications.OneClassifiedBean.class,
                "firebreak.command.one-classified.ignoreExceptions=java.lang.UnsupportedOperationException")) {
            FallbackApplications.OneClassifiedBean bean = context.getBean(FallbackApplications.OneClassifiedBean.class);
            assertThat(bean.call(new IllegalArgumentException("no longer ignored"))).isEqualTo("fallback");
            assertThatThrownBy(() -> bean.call(new UnsupportedOperationException("the key's")))
                    .isInstanceOf(UnsupportedOperationException.class);
            assertThat(context.getBean(GuardRegistry.class).find("one-classified").orElseThrow().controls().config()
                    .classify().ignoreExceptions()).isEqualTo(List.of(UnsupportedOperationException.class));
        }
    }

    @Test
    void twoMethodsOfOneGuardDeclaringDifferentClassificationsFailTheStart() {
        assertThatThrownBy(() -> run("classified", FallbackApplications.ClassifiedBean.class).close()).rootCause()
                .hasMessageContaining("Bean 'classified'")
                .hasMessageContaining("for guard 'classified', but another @Guarded method of that guard declares")
                .hasMessageContaining("(ignore = {java.lang.IllegalArgumentException}, record = {}")
                .hasMessageContaining("(ignore = {}, record = {java.lang.IllegalStateException}")
                .hasMessageContaining("the methods of one guard declare one classification");
    }

    @Test
    void aGuardMadeBeforeItsMethodsWithoutTheirClassificationFailsTheStart() {
        assertThatThrownBy(() -> run("one", FallbackApplications.OneClassifiedBean.class,
                "firebreak.guards=one-classified").close()).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("guard 'one-classified' was made (by firebreak.guards or code) before its"
                        + " @Guarded methods, without their ignore/record/recordResultPredicate (ignore ="
                        + " {java.lang.IllegalArgumentException}, record = {}, recordResultPredicate = \"\")")
                .hasMessageContaining("declare those under firebreak.command.one-classified.* instead");
    }
}
