package dev.firebreak.lab.peers;

import com.netflix.hystrix.HystrixCommand;
import dev.firebreak.lab.service.RandomIntegers;
import dev.firebreak.lab.service.RandomOrgClient;

/** The seed's Hystrix command: fetches {@code howMany} integers on the {@code random.org} pool. */
final class GenerateIntegersCommand extends HystrixCommand<RandomIntegers> {

    private final RandomOrgClient client;
    private final int howMany;

    GenerateIntegersCommand(String variant, RandomOrgClient client, int howMany) {
        super(HystrixSettings.command(variant));
        this.client = client;
        this.howMany = howMany;
    }

    @Override
    protected RandomIntegers run() throws Exception {
        return client.generateIntegers(howMany);
    }
}
