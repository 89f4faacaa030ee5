package dev.firebreak.samples.contrib;

import static org.assertj.core.api.Assertions.assertThat;

import com.codahale.metrics.Gauge;
import com.codahale.metrics.MetricRegistry;
import com.netflix.hystrix.HystrixCommandKey;
import com.netflix.hystrix.HystrixCommandMetrics;
import com.netflix.hystrix.HystrixEventType;
import com.netflix.hystrix.contrib.codahalemetricspublisher.HystrixCodaHaleMetricsPublisher;
import com.netflix.hystrix.strategy.HystrixPlugins;
import dev.firebreak.GuardRegistry;
import dev.firebreak.hystrix.HystrixBridge;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** hystrix-codahale-metrics-publisher 1.5.18, registered as Hystrix's metrics publisher, publishes the bridge's figures. */
class CodaHalePublisherTest {

    private final MetricRegistry registry = new MetricRegistry();

    @BeforeEach
    void registerThePublisher() {
        HystrixPlugins.reset();
        HystrixBridge.install(GuardRegistry.builder().build());
        HystrixPlugins.getInstance().registerMetricsPublisher(new HystrixCodaHaleMetricsPublisher(registry));
    }

    @AfterEach
    void reset() {
        HystrixPlugins.reset();
    }

    private Object gauge(String name) {
        Gauge<?> gauge = registry.getGauges().get(name);
        assertThat(gauge).as("gauge %s among %s", name, registry.getGauges().keySet()).isNotNull();
        return gauge.getValue();
    }

    @Test
    void theCommandsGaugesReadTheBridgesMetrics() {
        for (int i = 0; i < 3; i++) {
            assertThat(new QuoteCommand(() -> "42").execute()).isEqualTo("42");
        }
        assertThat(new QuoteCommand(() -> {
            throw new IllegalStateException("down");
        }).execute()).isEqualTo("no quote");

        HystrixCommandMetrics metrics = HystrixCommandMetrics.getInstance(HystrixCommandKey.Factory.asKey("Quote"));
        assertThat(gauge("Quotes.Quote.countSuccess")).isEqualTo(metrics.getCumulativeCount(HystrixEventType.SUCCESS)).isEqualTo(3L);
        assertThat(gauge("Quotes.Quote.countFailure")).isEqualTo(metrics.getCumulativeCount(HystrixEventType.FAILURE)).isEqualTo(1L);
        assertThat(gauge("Quotes.Quote.countFallbackSuccess")).isEqualTo(1L);
        assertThat(gauge("Quotes.Quote.isCircuitBreakerOpen")).isEqualTo(false);
        assertThat(gauge("Quotes.Quote.commandGroup")).isEqualTo("Quotes");
        assertThat(gauge("Quotes.Quote.propertyValue_executionTimeoutInMilliseconds"))
                .isEqualTo(metrics.getProperties().executionTimeoutInMilliseconds().get());
        assertThat(gauge("Quotes.Quote.propertyValue_executionIsolationStrategy")).isEqualTo("THREAD");
        assertThat(registry.getGauges().keySet()).anyMatch(name -> name.contains("QuotePool"));
    }
}
