package dev.firebreak.spring.annotation.fallbacks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.firebreak.CallFailedException;
import dev.firebreak.GuardException;
import dev.firebreak.GuardRegistry;
import dev.firebreak.ShortCircuitedException;
import dev.firebreak.event.EventType;
import dev.firebreak.spring.annotation.fallbacks.FallbackApplications.AsyncGuardedFallbackBean;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.support.GenericApplicationContext;

/**
 * A {@code @Guarded} fallback method of a stage, Mono or Flux method runs through its own guard,
 * asynchronously; its refusal or failure reaches the caller once, as the method's {@code GuardException}
 * with that refusal or failure as its {@code fallbackFailure()}.
 */
class GuardedAsyncFallbackTest {

    /** The kinds of method; each one's guards are named after it ({@code <kind>-primary}, {@code <kind>-secondary}). */
    enum Kind {
        STAGE, MONO, FLUX;

        String primary() {
            return name().toLowerCase() + "-primary";
        }

        String secondary() {
            return name().toLowerCase() + "-secondary";
        }
    }

    private static ConfigurableApplicationContext run(String... properties) {
        return new SpringApplicationBuilder(FallbackApplications.App.class).web(WebApplicationType.NONE)
                .properties("spring.cloud.compatibility-verifier.enabled=false")
                .properties(properties)
                .initializers(app -> ((GenericApplicationContext) app).registerBean("async", AsyncGuardedFallbackBean.class))
                .run();
    }

    private static long count(ConfigurableApplicationContext context, String guard, EventType type) {
        return context.getBean(GuardRegistry.class).find(guard).orElseThrow().controls().metrics().cumulativeCount(type);
    }

    /** Every element the caller receives, and each terminal signal, as it arrives. */
    private static CompletableFuture<List<String>> call(AsyncGuardedFallbackBean bean, Kind kind, String id,
            List<String> signals) {
        return switch (kind) {
            case STAGE -> bean.stage(id).whenComplete((value, error) -> signals.add(error == null ? "value" : "error"))
                    .thenApply(List::of);
            case MONO -> bean.mono(id).doOnEach(signal -> signals.add(signal.getType().name())).map(List::of).toFuture();
            case FLUX -> bean.flux(id).doOnEach(signal -> signals.add(signal.getType().name())).collectList().toFuture();
        };
    }

    private static GuardException failureOf(CompletableFuture<List<String>> caller) {
        ExecutionException thrown = org.junit.jupiter.api.Assertions.assertThrows(ExecutionException.class,
                () -> caller.get(30, TimeUnit.SECONDS));
        assertThat(thrown.getCause()).isInstanceOf(GuardException.class);
        return (GuardException) thrown.getCause();
    }

    @ParameterizedTest
    @EnumSource(Kind.class)
    void theFallbackRunsThroughItsOwnGuard(Kind kind) throws Exception {
        try (ConfigurableApplicationContext context = run()) {
            AsyncGuardedFallbackBean bean = context.getBean(AsyncGuardedFallbackBean.class);
            List<String> answer = call(bean, kind, "x", new CopyOnWriteArrayList<>()).get(30, TimeUnit.SECONDS);
            assertThat(answer).startsWith("secondary x");
            assertThat(bean.secondaryCalls()).hasValue(1);
            assertThat(count(context, kind.primary(), EventType.FAILURE)).isEqualTo(1);
            assertThat(count(context, kind.primary(), EventType.FALLBACK_SUCCESS)).isEqualTo(1);
            assertThat(count(context, kind.secondary(), EventType.SUCCESS)).as("through the fallback's guard").isEqualTo(1);
        }
    }

    @ParameterizedTest
    @EnumSource(Kind.class)
    void aFallbackItsGuardRefusesReachesTheCallerOnceAsTheFallbackFailure(Kind kind) {
        try (ConfigurableApplicationContext context = run("firebreak.command." + kind.secondary()
                + ".circuitBreaker.forceOpen=true")) {
            AsyncGuardedFallbackBean bean = context.getBean(AsyncGuardedFallbackBean.class);
            List<String> signals = new CopyOnWriteArrayList<>();
            GuardException failure = failureOf(call(bean, kind, "x", signals));
            assertThat(failure).isInstanceOf(CallFailedException.class).hasCauseInstanceOf(IllegalStateException.class);
            assertThat(failure.guard()).isEqualTo(kind.primary());
            assertThat(failure.fallbackEvent()).isEqualTo(EventType.FALLBACK_FAILURE);
            assertThat(failure.fallbackFailure()).isInstanceOf(ShortCircuitedException.class);
            assertThat(((GuardException) failure.fallbackFailure()).guard()).isEqualTo(kind.secondary());
            assertThat(signals).as("one terminal signal, no element").containsExactly(
                    kind == Kind.STAGE ? "error" : "ON_ERROR");
            assertThat(bean.secondaryCalls()).as("a stage method is not called; a publisher is assembled, never subscribed")
                    .hasValue(kind == Kind.STAGE ? 0 : 1);
            assertThat(count(context, kind.secondary(), EventType.SHORT_CIRCUITED)).isEqualTo(1);
        }
    }

    @ParameterizedTest
    @EnumSource(Kind.class)
    void aFallbackThatFailsReachesTheCallerOnceWithItsOwnGuardsException(Kind kind) {
        try (ConfigurableApplicationContext context = run()) {
            AsyncGuardedFallbackBean bean = context.getBean(AsyncGuardedFallbackBean.class);
            List<String> signals = new CopyOnWriteArrayList<>();
            GuardException failure = failureOf(call(bean, kind, "fail", signals));
            assertThat(failure.guard()).isEqualTo(kind.primary());
            assertThat(failure.getCause()).hasMessage("primary down");
            assertThat(failure.fallbackFailure()).isInstanceOfSatisfying(GuardException.class, fallbackFailure -> {
                assertThat(fallbackFailure.guard()).isEqualTo(kind.secondary());
                assertThat(fallbackFailure).hasRootCauseMessage("secondary down too");
            });
            assertThat(signals).containsExactly(kind == Kind.STAGE ? "error" : "ON_ERROR");
            assertThat(count(context, kind.secondary(), EventType.FAILURE)).isEqualTo(1);
            assertThat(count(context, kind.primary(), EventType.FAILURE)).isEqualTo(1);
        }
    }

    private static ConfigurableApplicationContext runRetried() {
        SpringApplicationBuilder builder = new SpringApplicationBuilder(FallbackApplications.App.class)
                .web(WebApplicationType.NONE).properties("spring.cloud.compatibility-verifier.enabled=false")
                .initializers(app -> ((GenericApplicationContext) app).registerBean("retried",
                        FallbackApplications.RetriedGuardedFallbackBean.class));
        for (String kind : List.of("stage", "mono", "flux")) {
            String retry = "firebreak.retry.retried-" + kind + "-retry.";
            builder.properties(retry + "maxAttempts=2", retry + "backoff.initialInMilliseconds=0",
                    retry + "backoff.maxInMilliseconds=0", retry + "budget.enabled=false", retry + "throttle.enabled=false");
        }
        return builder.run();
    }

    private static CompletableFuture<List<String>> callRetried(FallbackApplications.RetriedGuardedFallbackBean bean,
            Kind kind, String id) {
        return switch (kind) {
            case STAGE -> bean.stage(id).thenApply(List::of);
            case MONO -> bean.mono(id).map(List::of).toFuture();
            case FLUX -> bean.flux(id).collectList().toFuture();
        };
    }

    @ParameterizedTest
    @EnumSource(Kind.class)
    void aGuardedFallbackAnswersOnceAfterADeclaredRetrysLastAttempt(Kind kind) throws Exception {
        try (ConfigurableApplicationContext context = runRetried()) {
            FallbackApplications.RetriedGuardedFallbackBean bean =
                    context.getBean(FallbackApplications.RetriedGuardedFallbackBean.class);
            String method = "retried-" + kind.name().toLowerCase();
            String backup = kind.name().toLowerCase() + "-backup";
            assertThat(callRetried(bean, kind, "x").get(30, TimeUnit.SECONDS)).containsExactly("backup x");
            assertThat(count(context, method, EventType.FAILURE)).as("both attempts").isEqualTo(2);
            assertThat(count(context, backup, EventType.SUCCESS)).isEqualTo(1);

            GuardException failure = failureOf(callRetried(bean, kind, "fail"));
            assertThat(failure.guard()).isEqualTo(method);
            assertThat(failure.fallbackFailure()).isInstanceOfSatisfying(GuardException.class, fallbackFailure -> {
                assertThat(fallbackFailure.guard()).isEqualTo(backup);
                assertThat(fallbackFailure).hasRootCauseMessage("backup down");
            });
            assertThat(count(context, backup, EventType.FAILURE)).isEqualTo(1);
        }
    }
}
