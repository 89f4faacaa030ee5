package dev.firebreak.micrometer;

import dev.firebreak.config.ConfigResolver;
import dev.firebreak.live.DynamicConfiguration;
import dev.firebreak.live.SourceStatus;
import dev.firebreak.metrics.MetricVocabulary;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.TimeGauge;
import java.util.concurrent.TimeUnit;

/**
 * The meters of a registry's live configuration sources: for each source, whether it is failing and for
 * how long (how stale the values it gave may be), read from {@link DynamicConfiguration#sources()} at each
 * scrape. They follow the configuration installed on the registry: a new one replaces them.
 */
final class ConfigSourceMeters {

    private final DynamicConfiguration configuration;
    private final MeterSet meters;

    private ConfigSourceMeters(DynamicConfiguration configuration, MeterRegistry registry) {
        this.configuration = configuration;
        this.meters = new MeterSet(registry);
        for (SourceStatus source : configuration.sources()) {
            String name = source.name();
            meters.add(Specs.gauge(MetricVocabulary.CONFIG_SOURCE_FAILING, Tags.of(MetricVocabulary.SOURCE, name), this,
                    m -> m.failing(name) ? 1 : 0).register(registry));
            meters.add(TimeGauge.builder(MetricVocabulary.CONFIG_SOURCE_FAILING_DURATION.name(), this, TimeUnit.SECONDS,
                    m -> m.failingSeconds(name)).tag(MetricVocabulary.SOURCE, name)
                    .description(MetricVocabulary.CONFIG_SOURCE_FAILING_DURATION.description())
                    .register(registry));
        }
    }

    /** The meters for {@code resolver} if it is a live configuration: {@code bound} if already its, else new ones (the old removed). */
    static ConfigSourceMeters follow(ConfigSourceMeters bound, ConfigResolver resolver, MeterRegistry registry) {
        DynamicConfiguration current = resolver instanceof DynamicConfiguration live ? live : null;
        if (bound != null && bound.configuration == current) {
            return bound;
        }
        if (bound != null) {
            bound.remove();
        }
        return current == null ? null : new ConfigSourceMeters(current, registry);
    }

    void remove() {
        meters.removeAll();
    }

    private SourceStatus status(String name) {
        for (SourceStatus source : configuration.sources()) {
            if (source.name().equals(name)) {
                return source;
            }
        }
        return null;
    }

    private boolean failing(String name) {
        SourceStatus source = status(name);
        return source != null && source.failing();
    }

    private double failingSeconds(String name) {
        SourceStatus source = status(name);
        return source == null ? 0.0 : source.failingFor().toNanos() / 1e9;
    }
}
