package dev.firebreak.spring.cloud;

import dev.firebreak.Guard;
import dev.firebreak.GuardConfig;
import dev.firebreak.Isolation;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;
import org.springframework.cloud.client.circuitbreaker.ConfigBuilder;

/**
 * What {@code configure}/{@code configureDefault} give a circuit breaker's guard: the settings applied in
 * code when the guard is created (Hystrix's "instance default from code" layer, so
 * {@code firebreak.command.<id>.*} in {@code application.yml} still overrides them, live).
 *
 * <pre>{@code
 * factory.configure(b -> b.timeout(Duration.ofSeconds(1)).isolation(Isolation.semaphore(50)), "inventory");
 * factory.configureDefault(id -> FirebreakCircuitBreakerConfig.builder().timeout(Duration.ofSeconds(2)).build());
 * }</pre>
 *
 * A configuration is read when its guard is created (the first {@code create(id)}, or an earlier
 * {@code @Guarded} method of the same name); later changes go through the environment.
 */
public final class FirebreakCircuitBreakerConfig {

    private final List<Consumer<Guard.Builder>> settings;

    private FirebreakCircuitBreakerConfig(List<Consumer<Guard.Builder>> settings) {
        this.settings = List.copyOf(settings);
    }

    /** A builder with no settings: the guard gets Hystrix's defaults and the environment's values. */
    public static Builder builder() {
        return new Builder();
    }

    /** Applies these settings to a guard about to be built. */
    void applyTo(Guard.Builder guard) {
        settings.forEach(setting -> setting.accept(guard));
    }

    /** Builds a {@link FirebreakCircuitBreakerConfig}; each call adds a setting, in order. */
    public static final class Builder implements ConfigBuilder<FirebreakCircuitBreakerConfig> {
        private final List<Consumer<Guard.Builder>> settings = new ArrayList<>();

        Builder() {
        }

        /** The timeout ({@code execution.isolation.thread.timeoutInMilliseconds}). */
        public Builder timeout(Duration timeout) {
            Objects.requireNonNull(timeout, "timeout");
            settings.add(guard -> guard.timeout(timeout));
            return this;
        }

        /** The isolation: semaphore, thread pool or virtual threads. */
        public Builder isolation(Isolation isolation) {
            Objects.requireNonNull(isolation, "isolation");
            settings.add(guard -> guard.isolation(isolation));
            return this;
        }

        /** Any other property: {@code .guardConfig(c -> c.breaker(b -> b.requestVolumeThreshold(10)))}. */
        public Builder guardConfig(Consumer<GuardConfig.Builder> change) {
            Objects.requireNonNull(change, "change");
            settings.add(guard -> guard.configure(change));
            return this;
        }

        @Override
        public FirebreakCircuitBreakerConfig build() {
            return new FirebreakCircuitBreakerConfig(settings);
        }
    }
}
