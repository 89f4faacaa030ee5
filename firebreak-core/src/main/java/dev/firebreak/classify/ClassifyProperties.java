package dev.firebreak.classify;

import static dev.firebreak.config.PropertyDefinition.Flags.FIREBREAK_LIVE;
import static dev.firebreak.config.PropertyDefinition.of;

import dev.firebreak.classify.ClassifyConfig.Builder;
import dev.firebreak.config.PropertyDefinition;
import dev.firebreak.config.ValueType;
import java.util.List;

/** The classification's property table: one row per {@link ClassifyConfig} component (Resilience4j's names). */
final class ClassifyProperties {

    static final PropertyDefinition<ClassifyConfig, Builder> IGNORE = of("ignoreExceptions", "ignoreExceptions",
            FIREBREAK_LIVE, "exception classes (and subclasses) passed through as bad requests",
            ValueType.THROWABLE_TYPES, ClassifyConfig::ignoreExceptions, (b, v) -> b.ignoreExceptions = v);
    static final PropertyDefinition<ClassifyConfig, Builder> RECORD = of("recordExceptions", "recordExceptions",
            FIREBREAK_LIVE, "if set, the only exception classes (and subclasses) counted as failures",
            ValueType.THROWABLE_TYPES, ClassifyConfig::recordExceptions, (b, v) -> b.recordExceptions = v);
    static final PropertyDefinition<ClassifyConfig, Builder> RESULT_PREDICATE = of("recordResultPredicate",
            "recordResultPredicate", FIREBREAK_LIVE, "the named predicate whose accepted results are failures",
            ValueType.PREDICATE_NAME, ClassifyConfig::recordResultPredicate, (b, v) -> b.recordResultPredicate = v);

    static final List<PropertyDefinition<ClassifyConfig, Builder>> ROWS = List.of(IGNORE, RECORD, RESULT_PREDICATE);

    private ClassifyProperties() {
    }
}
