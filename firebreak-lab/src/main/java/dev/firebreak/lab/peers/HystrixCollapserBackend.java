package dev.firebreak.lab.peers;

import dev.firebreak.lab.service.IntegersBackend;
import dev.firebreak.lab.service.RandomIntegers;
import dev.firebreak.lab.service.RandomOrgClient;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Every request goes through the seed's GLOBAL Hystrix collapser with a timer window; each request is
 * a distinct argument (see {@link IntegersRequest}) so Hystrix does not merge them.
 */
public final class HystrixCollapserBackend implements IntegersBackend {

    private final String variant;
    private final int windowMillis;
    private final RandomOrgClient client;
    private final AtomicLong ids = new AtomicLong();

    /** A collapser keyed by {@code variant} with a {@code windowMillis} timer around {@code client}. */
    public HystrixCollapserBackend(String variant, int windowMillis, RandomOrgClient client) {
        this.variant = variant;
        this.windowMillis = windowMillis;
        this.client = client;
    }

    @Override
    public RandomIntegers fetch(int howMany) {
        IntegersRequest request = new IntegersRequest(ids.incrementAndGet(), howMany);
        return new GenerateIntegersCollapser(variant, windowMillis, client, request).execute();
    }
}
