package dev.firebreak.spring.boot.inbound;

import static dev.firebreak.spring.boot.inbound.InboundClient.get;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * Routes configured but {@code firebreak.inbound.enabled} unset: no filter, a forced-open guard's path
 * answers. A class of its own: closing a context that used WebClient stops Reactor Netty's shared loops,
 * which another running service's WebClient would need.
 */
class InboundOffByDefaultTest {

    @Test
    void offUnlessEnabled() throws Exception {
        try (ConfigurableApplicationContext plain = InboundClient.start(InboundApplications.ServletApp.class, "servlet",
                "firebreak.inbound.paths[0].pattern=/broken/**", "firebreak.inbound.paths[0].guard=broken",
                "firebreak.command.broken.circuitBreaker.forceOpen=true")) {
            assertThat(plain.getBeansOfType(InboundGuards.class)).isEmpty();
            assertThat(plain.getBeansOfType(InboundServletFilter.class)).isEmpty();
            assertThat(get(plain, "/broken/ok").statusCode()).isEqualTo(200);
        }
    }
}
