package dev.firebreak.samples.zkconfig;

import dev.firebreak.Guard;
import dev.firebreak.GuardRegistry;
import org.springframework.stereotype.Component;

/** The service's call to its orders dependency, through the guard {@code orders}. */
@Component
public class OrdersClient {

    private final Guard guard;

    public OrdersClient(GuardRegistry registry) {
        this.guard = registry.guard("orders").build();
    }

    /** The dependency's answer, or the fallback's when the guard refuses or the call fails. */
    public String latestOrder() {
        return guard.execute(() -> "order 42", failure -> "fallback: " + failure.getClass().getSimpleName());
    }

    /** The guard, for operators and tests. */
    public Guard guard() {
        return guard;
    }
}
