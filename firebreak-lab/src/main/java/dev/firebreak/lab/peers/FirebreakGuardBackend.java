package dev.firebreak.lab.peers;

import dev.firebreak.Guard;
import dev.firebreak.GuardRegistry;
import dev.firebreak.Isolation;
import dev.firebreak.lab.service.IntegersBackend;
import dev.firebreak.lab.service.RandomIntegers;
import dev.firebreak.lab.service.RandomOrgClient;
import java.time.Duration;

/**
 * Every request runs through one Firebreak guard, unbatched: VIRTUAL isolation with a limit of 200
 * (what the seed's Hystrix pool admits, 100 running plus 100 queued, but with no queue: each admitted
 * call starts at once on its own virtual thread) and the seed's 2000 ms timeout.
 */
public final class FirebreakGuardBackend implements IntegersBackend {

    /** The concurrency limit: the seed's pool plus its queue. */
    public static final int LIMIT = HystrixSettings.POOL_SIZE + HystrixSettings.QUEUE_SIZE;

    private final RandomOrgClient client;
    private final Guard guard;

    /** A guard in a registry of its own around {@code client}. */
    public FirebreakGuardBackend(RandomOrgClient client) {
        this.client = client;
        this.guard = GuardRegistry.builder().build().guard("random.org")
                .isolation(Isolation.virtualThreads(LIMIT))
                .timeout(Duration.ofMillis(HystrixSettings.TIMEOUT_MS))
                .build();
    }

    @Override
    public RandomIntegers fetch(int howMany) {
        return guard.execute(() -> client.generateIntegers(howMany));
    }
}
