package dev.firebreak.metrics;

import java.util.List;
import java.util.Objects;

/**
 * One name of Firebreak's metric vocabulary, as plain data: what the Micrometer binder
 * ({@code firebreak-micrometer}) and the OpenTelemetry binder ({@code firebreak-opentelemetry}) both
 * publish, so that Prometheus sees the same names either way. The list is {@link MetricVocabulary#all()}.
 *
 * @param name the Micrometer and OpenTelemetry name (dots), e.g. {@code firebreak.calls}
 * @param type what kind of instrument
 * @param unit the OpenTelemetry (UCUM) unit: {@code s}, or an annotation such as {@code {call}}, or empty
 * @param baseUnit the Micrometer base unit, or null when the Prometheus name takes none (Micrometer's
 *     Prometheus naming appends a gauge's or counter's base unit unless the name already ends with it)
 * @param prometheus the Prometheus name as exposed ({@code _total} on counters; for a timer or a
 *     distribution the family whose {@code _bucket}, {@code _count}, {@code _sum} and {@code _max} follow)
 * @param tags the tag (attribute) keys, in order
 * @param description the help text
 * @param detail the opt-in that adds it, or null when published by default
 */
public record MetricSpec(String name, Type type, String unit, String baseUnit, String prometheus, List<String> tags,
        String description, MetricDetail detail) {

    /** The kinds of instrument. */
    public enum Type {
        /** A cumulative count (Micrometer FunctionCounter, OpenTelemetry observable counter). */
        COUNTER,
        /** A value now (Micrometer Gauge, OpenTelemetry observable gauge). */
        GAUGE,
        /** Durations in seconds (Micrometer Timer, OpenTelemetry histogram). */
        TIMER,
        /** Values without a time unit (Micrometer DistributionSummary, OpenTelemetry histogram). */
        DISTRIBUTION
    }

    /** Checks the components. */
    public MetricSpec {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(unit, "unit");
        Objects.requireNonNull(prometheus, "prometheus");
        tags = List.copyOf(tags);
        if (description == null || description.isBlank()) {
            throw new IllegalArgumentException("metric " + name + ": the description must not be empty");
        }
    }

    /** Whether it is published without any opt-in. */
    public boolean byDefault() {
        return detail == null;
    }
}
