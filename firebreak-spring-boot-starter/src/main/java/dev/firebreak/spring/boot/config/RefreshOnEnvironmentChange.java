package dev.firebreak.spring.boot.config;

import org.springframework.cloud.context.environment.EnvironmentChangeEvent;
import org.springframework.context.ApplicationListener;

/**
 * With Spring Cloud: applies the Environment's new values as soon as it announces a change (a
 * {@code /actuator/refresh}, a config-server push, a bus event), without waiting for the next poll.
 */
public final class RefreshOnEnvironmentChange implements ApplicationListener<EnvironmentChangeEvent> {

    private final SpringEnvironmentSource source;

    /** Refreshes what reads {@code source}. */
    public RefreshOnEnvironmentChange(SpringEnvironmentSource source) {
        this.source = source;
    }

    @Override
    public void onApplicationEvent(EnvironmentChangeEvent event) {
        source.changed(); // whatever the keys' spelling (relaxed names, environment variables): one read is cheap
    }
}
