package dev.firebreak.breaker;

import java.util.Objects;

/**
 * What a {@link RollingCircuitBreaker} decides with, swapped as one (one volatile read a call): the
 * configuration in force, its rules, and the mode its flags set.
 *
 * @param config the configuration in force
 * @param rule its rules, made once per configuration
 * @param configuredMode {@link BreakerConfig#configuredMode()}: the mode when no operator overrides it
 */
record BreakerSettings(BreakerConfig config, HealthRule rule, BreakerMode configuredMode) {

    /** The settings of {@code config}. */
    static BreakerSettings of(BreakerConfig config) {
        Objects.requireNonNull(config, "settings");
        return new BreakerSettings(config, config.healthRule(), config.configuredMode());
    }

    /** The mode in force in {@code current}: its override if any, else the configuration's. */
    BreakerMode modeOf(BreakerState current) {
        BreakerMode override = current.override();
        return override != null ? override : configuredMode;
    }
}
