/** Spans and metrics for Firebreak's guards and call policies, on the OpenTelemetry API. */
module dev.firebreak.opentelemetry {
    requires transitive dev.firebreak.core;
    requires transitive io.opentelemetry.api;
    requires io.opentelemetry.context;

    exports dev.firebreak.opentelemetry;
}
