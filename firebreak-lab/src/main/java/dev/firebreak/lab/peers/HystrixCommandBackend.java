package dev.firebreak.lab.peers;

import dev.firebreak.lab.service.IntegersBackend;
import dev.firebreak.lab.service.RandomIntegers;
import dev.firebreak.lab.service.RandomOrgClient;

/** Every request runs its own Hystrix command (the seed's unbatched setup). */
public final class HystrixCommandBackend implements IntegersBackend {

    private final String variant;
    private final RandomOrgClient client;

    /** Commands keyed by {@code variant} around {@code client}. */
    public HystrixCommandBackend(String variant, RandomOrgClient client) {
        this.variant = variant;
        this.client = client;
    }

    @Override
    public RandomIntegers fetch(int howMany) {
        return new GenerateIntegersCommand(variant, client, howMany).execute();
    }
}
