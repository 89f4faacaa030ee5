package dev.firebreak.spring.boot.tracing;

/** The auto-configurations of each Micrometer Tracing bridge, both on this module's test class path. */
final class TracingApplications {

    /** Brave's, and Zipkin over Brave's (spring-boot-starter-zipkin brings them). */
    static final String[] BRAVE = {
        "org.springframework.boot.micrometer.tracing.brave.autoconfigure.BraveAutoConfiguration",
        "org.springframework.boot.micrometer.tracing.brave.autoconfigure.zipkin.ZipkinWithBraveTracingAutoConfiguration",
        "org.springframework.boot.zipkin.autoconfigure.ZipkinAutoConfiguration",
    };

    /** OpenTelemetry's SDK, bridge and exporters. */
    static final String[] OPENTELEMETRY = {
        "org.springframework.boot.opentelemetry.autoconfigure.OpenTelemetrySdkAutoConfiguration",
        "org.springframework.boot.micrometer.tracing.opentelemetry.autoconfigure.OpenTelemetryTracingAutoConfiguration",
        "org.springframework.boot.micrometer.tracing.opentelemetry.autoconfigure.otlp.OtlpTracingAutoConfiguration",
        "org.springframework.boot.micrometer.tracing.opentelemetry.autoconfigure.zipkin.ZipkinWithOpenTelemetryTracingAutoConfiguration",
    };

    /** The property that leaves {@code configurations} out of an application. */
    static String excluding(String... configurations) {
        return "spring.autoconfigure.exclude=" + String.join(",", configurations);
    }

    private TracingApplications() {
    }
}
