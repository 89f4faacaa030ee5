package dev.firebreak.spring.annotation.fallbacks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.UncheckedIOException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.support.GenericApplicationContext;

/**
 * Several fallback methods of one name, chosen by the failure's type (the most specific parameter type
 * wins, the plain one catches the rest), and the declarations that fail the start.
 */
class TypedFallbacksTest {

    private static ConfigurableApplicationContext run(String beanName, Class<?> beanClass, String... properties) {
        return new SpringApplicationBuilder(FallbackApplications.App.class).web(WebApplicationType.NONE)
                .properties("spring.cloud.compatibility-verifier.enabled=false")
                .properties(properties)
                .initializers(app -> ((GenericApplicationContext) app).registerBean(beanName, beanClass))
                .run();
    }

    private static String bean(String name, Class<?> type, String method) {
        return "Bean '" + name + "' (" + type.getName() + "): @Guarded method " + method + " names fallbackMethod 'fallback', but ";
    }

    @Test
    void theMostSpecificTypeWinsWhateverTheDeclarationOrderAndThePlainOneCatchesTheRest() {
        try (ConfigurableApplicationContext context = run("typed", FallbackApplications.TypedBean.class,
                "firebreak.command.typed.execution.isolation.strategy=SEMAPHORE")) {
            FallbackApplications.TypedBean bean = context.getBean(FallbackApplications.TypedBean.class);
            assertThat(bean.call(() -> new NumberFormatException("x"))).isEqualTo("number format");
            assertThat(bean.call(() -> new IllegalArgumentException("x"))).isEqualTo("illegal argument");
            assertThat(bean.call(() -> new UncheckedIOException("x", new java.io.IOException()))).isEqualTo("catch-all");
            assertThat(bean.call(() -> new IllegalStateException("x"))).isEqualTo("catch-all");
        }
    }

    @Test
    void aGuardsOwnExceptionChoosesItsTypedFallback() {
        try (ConfigurableApplicationContext context = run("typed", FallbackApplications.TypedBean.class,
                "firebreak.command.typed.execution.isolation.strategy=SEMAPHORE",
                "firebreak.command.typed.circuitBreaker.forceOpen=true")) {
            FallbackApplications.TypedBean bean = context.getBean(FallbackApplications.TypedBean.class);
            assertThat(bean.call(() -> new NumberFormatException("x"))).as("short-circuited: no typed one")
                    .isEqualTo("catch-all");
        }
        try (ConfigurableApplicationContext context = run("typed", FallbackApplications.TypedBean.class,
                "firebreak.command.typed.execution.isolation.strategy=VIRTUAL",
                "firebreak.command.typed.execution.isolation.thread.timeoutInMilliseconds=50")) {
            FallbackApplications.TypedBean bean = context.getBean(FallbackApplications.TypedBean.class);
            assertThat(bean.call(() -> {
                try {
                    new CountDownLatch(1).await(60, TimeUnit.SECONDS); // hangs until the guard's deadline interrupts it
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                return new IllegalStateException("late");
            })).isEqualTo("timeout");
        }
    }

    @Test
    void aDeclaredCheckedExceptionAndItsSubclassChooseTheirOwn() throws Exception {
        try (ConfigurableApplicationContext context = run("checked", FallbackApplications.CheckedBean.class,
                "firebreak.command.checked.execution.isolation.strategy=SEMAPHORE")) {
            FallbackApplications.CheckedBean bean = context.getBean(FallbackApplications.CheckedBean.class);
            assertThat(bean.read("a.txt")).isEqualTo("not found a.txt");
            assertThat(bean.read("")).isEqualTo("catch-all IOException");
        }
    }

    @Test
    void ambiguousUnreachableAndIncompleteDeclarationsFailTheStartNamingBeanMethodAndSignatures() {
        assertThatThrownBy(() -> run("ambiguous", FallbackApplications.AmbiguousBean.class).close()).rootCause()
                .hasMessage(bean("ambiguous", FallbackApplications.AmbiguousBean.class, "call(String)")
                        + "both fallback(String) and fallback(String, Throwable) take every failure (ambiguous: keep one"
                        + " as the catch-all); expected fallback(String) or fallback(String, Throwable) returning String");
        assertThatThrownBy(() -> run("unreachable", FallbackApplications.UnreachableBean.class).close()).rootCause()
                .hasMessageStartingWith(bean("unreachable", FallbackApplications.UnreachableBean.class, "call(String)")
                        + "fallback(String, IOException) can never be chosen: IOException is a checked exception"
                        + " call(String) does not declare");
        assertThatThrownBy(() -> run("noCatchAll", FallbackApplications.NoCatchAllBean.class).close()).rootCause()
                .hasMessageStartingWith(bean("noCatchAll", FallbackApplications.NoCatchAllBean.class, "call(String)")
                        + "the typed fallbacks fallback(String, UncheckedIOException) need a catch-all for the other"
                        + " failures; expected fallback(String) or fallback(String, Throwable)");
    }
}
