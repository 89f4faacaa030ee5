package dev.firebreak.classify;

import dev.firebreak.config.ConfigBuilder;
import dev.firebreak.config.PropertyDefinition;
import java.util.List;
import java.util.Objects;

/**
 * The failure classification a guard's configuration declares, next to the rules its code gives
 * ({@link Classifier}): exception types to ignore, exception types that alone count as failures, and a
 * result predicate by name. Its keys and rules live in {@code ClassifyProperties}; the guard's
 * configuration holds one ({@code config.classify()}), live like every other part.
 *
 * @param ignoreExceptions {@code ignoreExceptions}: these types and their subtypes pass through as bad
 *     requests (no fallback, counted as neither success nor failure); default none
 * @param recordExceptions {@code recordExceptions}: if any, only these types and their subtypes count as
 *     failures, every other exception passes through as a bad request; default none (every exception fails)
 * @param recordResultPredicate {@code recordResultPredicate}: the name of a result predicate the registry
 *     knows ({@code GuardRegistry.Builder.resultPredicates}); a value it accepts is a FAILURE; default
 *     empty (none)
 */
public record ClassifyConfig(
        List<Class<? extends Throwable>> ignoreExceptions,
        List<Class<? extends Throwable>> recordExceptions,
        String recordResultPredicate) {

    /** Copies the lists. */
    public ClassifyConfig {
        ignoreExceptions = List.copyOf(ignoreExceptions);
        recordExceptions = List.copyOf(recordExceptions);
        Objects.requireNonNull(recordResultPredicate, "recordResultPredicate");
    }

    /** This record's property table, one row per component: the only place its keys live. */
    public static List<PropertyDefinition<ClassifyConfig, Builder>> properties() {
        return ClassifyProperties.ROWS;
    }

    /** Nothing declared. */
    public static ClassifyConfig defaults() {
        return builder().build();
    }

    /** A builder starting from the defaults. */
    public static Builder builder() {
        return new Builder();
    }

    /** A builder starting from this configuration. */
    public Builder toBuilder() {
        return new Builder(this);
    }

    /** Whether nothing is declared (the code's classifier then applies alone). */
    public boolean isEmpty() {
        return ignoreExceptions.isEmpty() && recordExceptions.isEmpty() && recordResultPredicate.isEmpty();
    }

    /** Builds a {@link ClassifyConfig}; each setter records its property as set in code. */
    public static final class Builder extends ConfigBuilder<Builder> {
        List<Class<? extends Throwable>> ignoreExceptions = List.of();
        List<Class<? extends Throwable>> recordExceptions = List.of();
        String recordResultPredicate = "";

        private Builder() {
        }

        private Builder(ClassifyConfig c) {
            ignoreExceptions = c.ignoreExceptions;
            recordExceptions = c.recordExceptions;
            recordResultPredicate = c.recordResultPredicate;
        }

        /** {@code ignoreExceptions}. */
        public Builder ignoreExceptions(List<Class<? extends Throwable>> v) { return set(ClassifyProperties.IGNORE, List.copyOf(v)); }
        /** {@code recordExceptions}. */
        public Builder recordExceptions(List<Class<? extends Throwable>> v) { return set(ClassifyProperties.RECORD, List.copyOf(v)); }
        /** {@code recordResultPredicate}: a name, or empty for none. */
        public Builder recordResultPredicate(String v) { return set(ClassifyProperties.RESULT_PREDICATE, v); }

        /** Builds. */
        public ClassifyConfig build() {
            return new ClassifyConfig(ignoreExceptions, recordExceptions, recordResultPredicate);
        }
    }
}
