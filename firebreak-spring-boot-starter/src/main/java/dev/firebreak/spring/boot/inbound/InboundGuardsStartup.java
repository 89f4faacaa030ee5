package dev.firebreak.spring.boot.inbound;

import org.springframework.beans.factory.SmartInitializingSingleton;

/**
 * Builds the routes' guards once every singleton exists, so they show on the endpoints, the stream and
 * the meters before the first request, and a refused guard configuration fails the start.
 */
final class InboundGuardsStartup implements SmartInitializingSingleton {

    private final InboundGuards inbound;

    InboundGuardsStartup(InboundGuards inbound) {
        this.inbound = inbound;
    }

    @Override
    public void afterSingletonsInstantiated() {
        inbound.createGuards();
    }
}
