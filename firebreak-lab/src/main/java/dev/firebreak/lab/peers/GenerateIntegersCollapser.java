package dev.firebreak.lab.peers;

import com.netflix.hystrix.HystrixCollapser;
import com.netflix.hystrix.HystrixCollapserKey;
import com.netflix.hystrix.HystrixCollapserProperties;
import com.netflix.hystrix.HystrixCommand;
import dev.firebreak.lab.service.RandomIntegers;
import dev.firebreak.lab.service.RandomOrgClient;
import java.util.Collection;

/**
 * The seed's collapser: GLOBAL scope, a timer window, one batch command asking for the sum of the
 * requests, the answer split back with take/drop in request order.
 */
final class GenerateIntegersCollapser extends HystrixCollapser<RandomIntegers, RandomIntegers, IntegersRequest> {

    private final String variant;
    private final RandomOrgClient client;
    private final IntegersRequest request;

    GenerateIntegersCollapser(String variant, int windowMillis, RandomOrgClient client, IntegersRequest request) {
        super(Setter.withCollapserKey(HystrixCollapserKey.Factory.asKey("generateIntegers-" + variant))
                .andCollapserPropertiesDefaults(HystrixCollapserProperties.Setter().withTimerDelayInMilliseconds(windowMillis))
                .andScope(Scope.GLOBAL));
        this.variant = variant;
        this.client = client;
        this.request = request;
    }

    @Override
    public IntegersRequest getRequestArgument() {
        return request;
    }

    @Override
    protected HystrixCommand<RandomIntegers> createCommand(
            Collection<CollapsedRequest<RandomIntegers, IntegersRequest>> requests) {
        int total = 0;
        for (CollapsedRequest<RandomIntegers, IntegersRequest> each : requests) {
            total += each.getArgument().howMany();
        }
        return new GenerateIntegersCommand(variant, client, total);
    }

    @Override
    protected void mapResponseToRequests(RandomIntegers batch,
            Collection<CollapsedRequest<RandomIntegers, IntegersRequest>> requests) {
        RandomIntegers rest = batch;
        for (CollapsedRequest<RandomIntegers, IntegersRequest> each : requests) {
            int count = each.getArgument().howMany();
            each.setResponse(rest.take(count));
            rest = rest.drop(count);
        }
    }
}
