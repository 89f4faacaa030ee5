package dev.firebreak.live;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.firebreak.Guard;
import dev.firebreak.GuardException;
import dev.firebreak.Isolation;
import dev.firebreak.classify.Classifier;
import dev.firebreak.classify.FailedResultException;
import dev.firebreak.config.InvalidConfigException;
import dev.firebreak.event.EventType;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The classification keys ({@code ignoreExceptions}, {@code recordExceptions},
 * {@code recordResultPredicate}) through live configuration: they reach a running guard's verdicts,
 * join the code's classifier, and bad values are refused naming key, value and rule while the last
 * valid classification stays.
 */
class ClassifyKeysLiveTest {

    private static final String PREFIX = "firebreak.command.svc.";

    private static String failWith(Guard guard, RuntimeException thrown) {
        return guard.execute(() -> {
            throw thrown;
        }, failure -> "fallback");
    }

    private static long count(Guard guard, EventType type) {
        return guard.controls().metrics().cumulativeCount(type);
    }

    @Test
    void nothingDeclaredKeepsTheCodesClassifierItself() {
        try (Fixture f = new Fixture()) {
            Classifier code = Classifier.builder().ignore(IllegalStateException.class).build();
            Guard guard = f.registry.guard("svc").isolation(Isolation.semaphore(5)).classify(code).build();
            assertThat(guard.controls().classifier()).isSameAs(code);
            f.source.set(PREFIX + "ignoreExceptions", "java.io.UncheckedIOException");
            assertThat(guard.controls().classifier()).isNotSameAs(code);
            f.source.remove(PREFIX + "ignoreExceptions");
            assertThat(guard.controls().classifier()).as("back to the code's alone").isSameAs(code);
        }
    }

    @Test
    void ignoreExceptionsPassSubclassesThroughLiveAndJoinTheCodesRules() {
        try (Fixture f = new Fixture()) {
            Guard guard = f.registry.guard("svc").isolation(Isolation.semaphore(5))
                    .classify(Classifier.builder().ignore(IllegalStateException.class).build()).build();
            assertThat(failWith(guard, new UncheckedIOException(new IOException("down")))).isEqualTo("fallback");

            f.source.set(PREFIX + "ignoreExceptions", "java.lang.RuntimeException"); // a superclass
            assertThatThrownBy(() -> failWith(guard, new UncheckedIOException(new IOException("down"))))
                    .isInstanceOf(UncheckedIOException.class);
            assertThatThrownBy(() -> failWith(guard, new IllegalStateException("code's rule")))
                    .isInstanceOf(IllegalStateException.class);
            assertThat(count(guard, EventType.BAD_REQUEST)).isEqualTo(2);
            assertThat(count(guard, EventType.FAILURE)).isEqualTo(1);

            f.source.set(PREFIX + "ignoreExceptions", "");
            assertThat(failWith(guard, new UncheckedIOException(new IOException("down")))).isEqualTo("fallback");
            assertThat(count(guard, EventType.FAILURE)).isEqualTo(2);
        }
    }

    @Test
    void recordExceptionsMakeEveryOtherExceptionABadRequestAndIgnoreStillWins() {
        try (Fixture f = new Fixture()) {
            Guard guard = f.registry.guard("svc").isolation(Isolation.semaphore(5)).build();
            f.source.setAll(Map.of(PREFIX + "recordExceptions", "java.io.UncheckedIOException, java.lang.IllegalStateException",
                    PREFIX + "ignoreExceptions", "java.lang.IllegalStateException"));
            assertThat(failWith(guard, new UncheckedIOException(new IOException("down")))).isEqualTo("fallback");
            assertThatThrownBy(() -> failWith(guard, new IllegalArgumentException("not recorded")))
                    .isInstanceOf(IllegalArgumentException.class);
            assertThatThrownBy(() -> failWith(guard, new IllegalStateException("ignored and recorded")))
                    .isInstanceOf(IllegalStateException.class);
            assertThat(count(guard, EventType.FAILURE)).isEqualTo(1);
            assertThat(count(guard, EventType.BAD_REQUEST)).isEqualTo(2);
        }
    }

    @Test
    void recordResultPredicateNamesOneTheRegistryKnowsAndItsResultsFail() {
        try (Fixture f = new Fixture()) {
            Guard guard = f.registry.guard("svc").isolation(Isolation.semaphore(5)).build();
            assertThat(guard.execute(() -> "", failure -> "fallback")).isEqualTo("");
            f.source.set(PREFIX + "recordResultPredicate", "isEmptyString");
            assertThat(guard.execute(() -> "", failure -> failure.getCause() instanceof FailedResultException r
                    ? "failed " + r.result().equals("") : "other")).isEqualTo("failed true");
            assertThat(guard.execute(() -> "value", failure -> "fallback")).isEqualTo("value");
            assertThat(count(guard, EventType.FAILURE)).isEqualTo(1);
        }
    }

    @Test
    void badClassificationValuesAreRefusedNamingKeyValueAndRuleAndTheLastValidStays() {
        try (Fixture f = new Fixture()) {
            Guard guard = f.registry.guard("svc").isolation(Isolation.semaphore(5)).build();
            f.source.setAll(Map.of(PREFIX + "ignoreExceptions", "java.io.UncheckedIOException",
                    PREFIX + "recordResultPredicate", "isNull"));
            f.events.clear();
            f.source.setAll(Map.of(PREFIX + "ignoreExceptions", "com.example.NoSuchException",
                    PREFIX + "recordExceptions", "java.lang.String",
                    PREFIX + "recordResultPredicate", "noSuchPredicate"));

            assertThat(f.events(ConfigEvent.Kind.REFUSED)).extracting(ConfigEvent::message).hasSize(3)
                    .anySatisfy(m -> assertThat(m).contains(PREFIX + "ignoreExceptions", "com.example.NoSuchException",
                            "must name classes that load", "keeping java.io.UncheckedIOException"))
                    .anySatisfy(m -> assertThat(m).contains(PREFIX + "recordExceptions", "java.lang.String",
                            "is not a java.lang.Throwable", "not applied"))
                    .anySatisfy(m -> assertThat(m).contains(PREFIX + "recordResultPredicate", "noSuchPredicate",
                            "must name a result predicate the registry knows", "keeping isNull"));
            assertThat(guard.controls().config().classify().ignoreExceptions()).containsExactly(UncheckedIOException.class);
            assertThat(guard.controls().config().classify().recordExceptions()).isEmpty();
            assertThatThrownBy(() -> failWith(guard, new UncheckedIOException(new IOException("down"))))
                    .isInstanceOf(UncheckedIOException.class);
            assertThat(guard.<String>execute(() -> null, failure -> "fallback")).as("isNull still in force").isEqualTo("fallback");
        }
    }

    @Test
    void codeNamingAPredicateTheRegistryDoesNotKnowFailsTheGuardsBuild() {
        try (Fixture f = new Fixture()) {
            assertThatThrownBy(() -> f.registry.guard("svc").isolation(Isolation.semaphore(5))
                    .configure(c -> c.classify(k -> k.recordResultPredicate("unknown"))).build())
                    .isInstanceOf(InvalidConfigException.class)
                    .hasMessageContaining("firebreak.command.svc.recordResultPredicate")
                    .hasMessageContaining("unknown")
                    .hasMessageContaining("must name a result predicate the registry knows");
            assertThat(f.registry.find("svc")).isEmpty();
            Guard guard = f.registry.guard("svc").isolation(Isolation.semaphore(5))
                    .configure(c -> c.classify(k -> k.ignoreExceptions(List.of(IllegalStateException.class))))
                    .build();
            assertThatThrownBy(() -> failWith(guard, new IllegalStateException("ignored from code")))
                    .isInstanceOf(IllegalStateException.class).isNotInstanceOf(GuardException.class);
        }
    }
}
