package dev.firebreak.classify;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.function.Predicate;

/**
 * A guard's failure classification: which exceptions count as failures and which are ignored, and which
 * results count as failures. The guard applies one verdict per attempt to everything at once: the
 * metrics, the circuit breaker, the adaptive limit and the fallback.
 *
 * <ul>
 *   <li>an <b>ignored</b> exception passes through to the caller untouched, like a
 *       {@code BadRequestException} (javanica's {@code ignoreExceptions}): event BAD_REQUEST, counted as
 *       neither success nor failure, no fallback;</li>
 *   <li>a <b>failing result</b> (a value the call returned without throwing, such as an HTTP 5xx
 *       response) is a FAILURE: it counts for the breaker and goes to the fallback, whose failure's cause
 *       is a {@link FailedResultException} holding the value;</li>
 *   <li>everything else is as without classification: a value is SUCCESS, an exception FAILURE.</li>
 * </ul>
 *
 * <pre>{@code
 * Guard.named("orders").classify(Classifier.builder()
 *         .ignore(IllegalArgumentException.class)
 *         .failWhen(r -> r instanceof HttpResponse<?> h && h.statusCode() >= 500)
 *         .build());
 * }</pre>
 *
 * <p>Immutable and thread-safe. The predicates are the user's code and should be fast and pure; one
 * that throws makes its verdict FAILURE (the safe side: a failure is counted and the fallback runs).
 * Exceptions are judged through {@code CompletionException}/{@code ExecutionException} wrappers.
 */
public final class Classifier {

    private static final Classifier DEFAULTS = new Builder().build();

    private final List<Predicate<? super Throwable>> ignored;
    private final Predicate<? super Throwable> failures;
    private final List<Predicate<Object>> failingResults;
    /** Whether any rule judges results: read on every successful call, one field rather than the list's size. */
    private final boolean judgesResults;

    private Classifier(Builder b) {
        this.ignored = List.copyOf(b.ignored);
        this.failures = b.failures;
        this.failingResults = List.copyOf(b.failingResults);
        this.judgesResults = !failingResults.isEmpty();
    }

    /** No classification: every exception a failure, every value a success. */
    public static Classifier defaults() {
        return DEFAULTS;
    }

    /** A builder starting from {@link #defaults()}. */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * This classifier with {@code declared} (from configuration) added: its ignored types join this
     * one's ignore rules, its recorded types, if any, replace this one's {@link Builder#failOnlyWhen}
     * rule, and {@code resultRule} (the predicate {@code declared} names; null for none) joins the
     * failing-result rules. Returns this classifier itself when nothing is declared.
     */
    public Classifier with(ClassifyConfig declared, Predicate<Object> resultRule) {
        if (declared.isEmpty() && resultRule == null) {
            return this;
        }
        Builder b = new Builder();
        b.ignored.addAll(ignored);
        b.failures = failures;
        b.failingResults.addAll(failingResults);
        for (Class<? extends Throwable> type : declared.ignoreExceptions()) {
            b.ignored.add(type::isInstance);
        }
        List<Class<? extends Throwable>> recorded = declared.recordExceptions();
        if (!recorded.isEmpty()) {
            b.failures = thrown -> recorded.stream().anyMatch(type -> type.isInstance(thrown));
        }
        if (resultRule != null) {
            b.failingResults.add(resultRule);
        }
        return b.build();
    }

    /** Whether {@code thrown} (looked at through future wrappers) is ignored: passed through as a bad request. */
    public boolean ignores(Throwable thrown) {
        Throwable cause = unwrap(thrown);
        try {
            for (Predicate<? super Throwable> rule : ignored) {
                if (rule.test(cause)) {
                    return true;
                }
            }
            return failures != null && !failures.test(cause);
        } catch (RuntimeException | Error predicateFailed) {
            return false;
        }
    }

    /** Whether {@code value}, returned without an exception, counts as a failure. */
    public boolean failsResult(Object value) {
        if (!judgesResults) {
            return false;
        }
        try {
            for (Predicate<Object> rule : failingResults) {
                if (rule.test(value)) {
                    return true;
                }
            }
            return false;
        } catch (RuntimeException | Error predicateFailed) {
            return true;
        }
    }

    private static Throwable unwrap(Throwable thrown) {
        Throwable current = thrown;
        while ((current instanceof CompletionException || current instanceof ExecutionException)
                && current.getCause() != null) {
            current = current.getCause();
        }
        return current;
    }

    @Override
    public String toString() {
        return "Classifier[ignored rules=" + ignored.size() + ", failures only when matched=" + (failures != null)
                + ", failing-result rules=" + failingResults.size() + "]";
    }

    /** Builds a {@link Classifier}. */
    public static final class Builder {
        private final List<Predicate<? super Throwable>> ignored = new ArrayList<>();
        private Predicate<? super Throwable> failures;
        private final List<Predicate<Object>> failingResults = new ArrayList<>();

        private Builder() {
        }

        /** Ignores exceptions of these types and their subtypes (passed through, no fallback, not counted). */
        @SafeVarargs
        public final Builder ignore(Class<? extends Throwable>... types) {
            for (Class<? extends Throwable> type : types) {
                Objects.requireNonNull(type, "type");
                ignored.add(type::isInstance);
            }
            return this;
        }

        /** Ignores exceptions matching {@code rule}. */
        public Builder ignoreWhen(Predicate<? super Throwable> rule) {
            ignored.add(Objects.requireNonNull(rule, "rule"));
            return this;
        }

        /**
         * Counts as failures only the exceptions matching {@code rule}; the others are ignored. Ignore
         * rules still win over it.
         */
        public Builder failOnlyWhen(Predicate<? super Throwable> rule) {
            failures = Objects.requireNonNull(rule, "rule");
            return this;
        }

        /** Counts a returned value matching {@code rule} as a failure (it goes to the fallback). */
        public Builder failWhen(Predicate<Object> rule) {
            failingResults.add(Objects.requireNonNull(rule, "rule"));
            return this;
        }

        /** The classifier. */
        public Classifier build() {
            return new Classifier(this);
        }
    }
}
