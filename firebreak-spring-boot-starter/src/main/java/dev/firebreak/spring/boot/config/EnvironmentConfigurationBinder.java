package dev.firebreak.spring.boot.config;

import dev.firebreak.GuardRegistry;
import dev.firebreak.config.live.DynamicConfiguration;
import java.time.Duration;
import java.util.Objects;
import java.util.function.Consumer;
import org.springframework.core.env.ConfigurableEnvironment;

/**
 * Binds a registry's one {@link DynamicConfiguration} to the Spring {@code Environment}
 * ({@link SpringEnvironmentSource}), with Firebreak's precedence and checks: a value the core refuses
 * at startup fails the start ({@link InvalidFirebreakConfigurationException}); later, refused values are
 * logged and the last valid ones stay. Live changes arrive two ways: a poll of the Environment on the
 * registry's scheduler every {@code firebreak.config.poll-interval} (default 1s; 0 turns it off), and
 * at once on Spring Cloud's {@code EnvironmentChangeEvent} when spring-cloud-context is present.
 *
 * <p>When firebreak-hystrix is on the classpath the configuration is the Hystrix bridge's, installed
 * with the application's registry ({@link BridgedBinder}), so bridged commands and guards share it.
 */
public abstract class EnvironmentConfigurationBinder {

    /** The property naming the poll interval of the Environment. */
    public static final String POLL_INTERVAL = "firebreak.config.poll-interval";

    private final ConfigurableEnvironment environment;
    private final SpringEnvironmentSource source;

    /** A binder reading {@code environment}. */
    protected EnvironmentConfigurationBinder(ConfigurableEnvironment environment) {
        this.environment = Objects.requireNonNull(environment, "environment");
        this.source = new SpringEnvironmentSource(environment);
    }

    /** The source every bound configuration reads; {@link SpringEnvironmentSource#changed()} applies a change now. */
    public SpringEnvironmentSource source() {
        return source;
    }

    /**
     * The configuration bound to {@code registry}: the one already installed on it if any (an
     * application that bound its own), else a new one bound to the Environment.
     */
    public DynamicConfiguration bind(GuardRegistry registry) {
        if (registry.configResolver() instanceof DynamicConfiguration existing) {
            return existing;
        }
        StartupRefusals refusals = new StartupRefusals();
        Duration poll = pollInterval();
        DynamicConfiguration configuration = install(registry, builder -> builder
                .source(source)
                .pollInterval(poll)
                .listener(refusals));
        try {
            refusals.startupDone();
        } catch (InvalidFirebreakConfigurationException refused) {
            release(registry, configuration);
            throw refused;
        }
        return configuration;
    }

    private Duration pollInterval() {
        String text = environment.getProperty(POLL_INTERVAL, "1s");
        Duration interval;
        try {
            interval = org.springframework.boot.convert.DurationStyle.detectAndParse(text);
        } catch (IllegalArgumentException notADuration) {
            throw new InvalidFirebreakConfigurationException(POLL_INTERVAL + " = " + text
                    + ": must be a duration such as 1s, 500ms or PT1S", java.util.List.of());
        }
        if (interval.isNegative()) {
            throw new InvalidFirebreakConfigurationException(POLL_INTERVAL + " = " + text + ": must be >= 0",
                    java.util.List.of());
        }
        return interval;
    }

    /** Builds the configuration of {@code registry} with {@code customizer}'s sources and settings. */
    protected abstract DynamicConfiguration install(GuardRegistry registry, Consumer<DynamicConfiguration.Builder> customizer);

    /** Undoes {@link #install} after a refused start. */
    protected abstract void release(GuardRegistry registry, DynamicConfiguration configuration);

    /** The binder without the Hystrix bridge: a configuration of the registry's own. */
    public static final class PlainBinder extends EnvironmentConfigurationBinder {

        /** A binder reading {@code environment}. */
        public PlainBinder(ConfigurableEnvironment environment) {
            super(environment);
        }

        @Override
        protected DynamicConfiguration install(GuardRegistry registry, Consumer<DynamicConfiguration.Builder> customizer) {
            DynamicConfiguration.Builder builder = DynamicConfiguration.builder(registry);
            customizer.accept(builder);
            return builder.build();
        }

        @Override
        protected void release(GuardRegistry registry, DynamicConfiguration configuration) {
            configuration.close();
        }
    }
}
