package dev.firebreak.classify;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.Test;

/** The classifier's rules on their own. */
class ClassifierTest {

    @Test
    void defaultsCountEveryExceptionAndNoResult() {
        assertThat(Classifier.defaults().ignores(new IllegalArgumentException())).isFalse();
        assertThat(Classifier.defaults().failsResult(null)).isFalse();
    }

    @Test
    void ignoreRulesMatchSubtypesThroughFutureWrappersAndFailOnlyWhenNarrowsFailures() {
        Classifier classifier = Classifier.builder().ignore(IllegalArgumentException.class)
                .failOnlyWhen(t -> t instanceof IOException || t instanceof IllegalStateException).build();
        assertThat(classifier.ignores(new NumberFormatException())).as("a subtype").isTrue();
        assertThat(classifier.ignores(new CompletionException(new IllegalArgumentException()))).isTrue();
        assertThat(classifier.ignores(new IOException())).isFalse();
        assertThat(classifier.ignores(new UnsupportedOperationException())).as("not a failure: ignored").isTrue();
    }

    @Test
    void aThrowingResultRuleCountsAsFailureAndAThrowingIgnoreRuleIgnoresNothing() {
        Classifier classifier = Classifier.builder().failWhen(r -> ((String) r).isEmpty())
                .ignoreWhen(t -> t.getMessage().isEmpty()).build();
        assertThat(classifier.failsResult(42)).isTrue();
        assertThat(classifier.failsResult("ok")).isFalse();
        assertThat(classifier.ignores(new RuntimeException((String) null))).isFalse();
    }
}
