package dev.firebreak.lab.peers;

import dev.firebreak.Guard;
import dev.firebreak.GuardRegistry;
import dev.firebreak.Isolation;
import dev.firebreak.collapse.Collapser;
import dev.firebreak.collapse.CollapserConfig;
import dev.firebreak.collapse.CollapserRegistry;
import dev.firebreak.collapse.ResponseMapping;
import dev.firebreak.lab.service.IntegersBackend;
import dev.firebreak.lab.service.RandomIntegers;
import dev.firebreak.lab.service.RandomOrgClient;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * Every request goes through a GLOBAL Firebreak collapser whose batch call runs through the same
 * guard as {@link FirebreakGuardBackend} (VIRTUAL, limit 200, 2000 ms). The argument is the request's
 * {@code howMany}: outside a request context Firebreak merges nothing, so no distinct argument is
 * needed. The batch asks for the sum and is split back by position with take/drop, as in the seed.
 */
public final class FirebreakCollapserBackend implements IntegersBackend {

    private final Collapser<Integer, RandomIntegers> collapser;

    /**
     * A collapser named {@code name} in a registry of its own around {@code client}.
     *
     * @param configure sets the dispatch strategy and its properties
     */
    public FirebreakCollapserBackend(String name, RandomOrgClient client, Consumer<CollapserConfig.Builder> configure) {
        GuardRegistry registry = GuardRegistry.builder().build();
        Guard guard = registry.guard("random.org")
                .isolation(Isolation.virtualThreads(FirebreakGuardBackend.LIMIT))
                .timeout(Duration.ofMillis(HystrixSettings.TIMEOUT_MS))
                .build();
        this.collapser = CollapserRegistry.of(registry).<Integer, RandomIntegers>collapser(name)
                .through(guard)
                .batch((List<Integer> counts) -> client.generateIntegers(sum(counts)),
                        ResponseMapping.<Integer, RandomIntegers, RandomIntegers>byPosition(FirebreakCollapserBackend::split))
                .configure(configure)
                .build();
    }

    private static int sum(List<Integer> counts) {
        int total = 0;
        for (int count : counts) {
            total += count;
        }
        return total;
    }

    private static List<RandomIntegers> split(RandomIntegers batch, List<Integer> counts) {
        List<RandomIntegers> shares = new ArrayList<>(counts.size());
        RandomIntegers rest = batch;
        for (int count : counts) {
            shares.add(rest.take(count));
            rest = rest.drop(count);
        }
        return shares;
    }

    @Override
    public RandomIntegers fetch(int howMany) {
        return collapser.execute(howMany);
    }
}
