package dev.firebreak.lab.peers;

import dev.firebreak.lab.service.IntegersBackend;
import dev.firebreak.lab.service.RandomIntegers;
import dev.firebreak.lab.service.RandomOrgClient;

/** No protection at all: every request calls the downstream on the request's own thread. */
public final class DirectBackend implements IntegersBackend {

    private final RandomOrgClient client;

    /** Calls {@code client} directly. */
    public DirectBackend(RandomOrgClient client) {
        this.client = client;
    }

    @Override
    public RandomIntegers fetch(int howMany) throws Exception {
        return client.generateIntegers(howMany);
    }
}
