package dev.firebreak.spring.boot.inbound;

import dev.firebreak.spring.boot.GuardRegistryHolder;
import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.core.env.Environment;

/** The beans both stacks' auto-configurations make, in one place. */
final class InboundBeans {

    private InboundBeans() {
    }

    static InboundGuards guards(GuardRegistryHolder registry, ObjectProvider<MeterRegistry> meters, Environment environment) {
        InboundSettings settings = InboundSettings.from(environment); // a bad value fails the start here
        return new InboundGuards(registry, settings, new InboundCriticality(meters.getIfAvailable()));
    }
}
