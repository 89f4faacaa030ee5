package com.netflix.hystrix;

import static org.assertj.core.api.Assertions.assertThat;

import com.netflix.hystrix.ContextPropagatingStrategyTest.UserContextStrategy;
import com.netflix.hystrix.HystrixCollapser.CollapsedRequest;
import com.netflix.hystrix.strategy.HystrixPlugins;
import com.netflix.hystrix.strategy.concurrency.HystrixRequestContext;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The Spring Cloud Netflix style strategy of {@link ContextPropagatingStrategyTest} on a collapsed
 * batch: the batch command's {@code run()} (on a pool thread) and the collapser's
 * {@code createCommand} see the user of the request context that sent the requests, as 1.5.18's
 * collapser, which wrapped its timer's work with the strategy, let them.
 */
@SuppressWarnings("try") // contexts opened for their effect on the thread
class ContextPropagatingCollapserTest extends BridgeFixture {

    static final ThreadLocal<String> USER = ContextPropagatingStrategyTest.USER;
    static final AtomicReference<String> IN_CREATE = new AtomicReference<>("unset");
    static final AtomicReference<String> IN_RUN = new AtomicReference<>("unset");

    /** Upper-cases its argument in one batch; remembers which user the batch saw. */
    static final class Shout extends HystrixCollapser<List<String>, String, String> {
        private final String argument;

        Shout(String argument) {
            super(Setter.withCollapserKey(HystrixCollapserKey.Factory.asKey("Shout")));
            this.argument = argument;
        }

        @Override
        public String getRequestArgument() {
            return argument;
        }

        @Override
        protected HystrixCommand<List<String>> createCommand(Collection<CollapsedRequest<String, String>> requests) {
            IN_CREATE.set(USER.get());
            List<String> arguments = new ArrayList<>();
            requests.forEach(r -> arguments.add(r.getArgument()));
            return new HystrixCommand<>(TestCommand.named("ShoutAll", HystrixCommandProperties.Setter())) {
                @Override
                protected List<String> run() {
                    IN_RUN.set(USER.get());
                    List<String> shouted = new ArrayList<>();
                    arguments.forEach(a -> shouted.add(a.toUpperCase() + " from " + USER.get()));
                    return shouted;
                }
            };
        }

        @Override
        protected void mapResponseToRequests(List<String> batchResponse, Collection<CollapsedRequest<String, String>> requests) {
            int i = 0;
            for (CollapsedRequest<String, String> request : requests) {
                request.setResponse(batchResponse.get(i++));
            }
        }
    }

    @BeforeEach
    void registerStrategyAndLogIn() {
        HystrixPlugins.getInstance().registerConcurrencyStrategy(new UserContextStrategy());
        USER.set("alice");
        IN_CREATE.set("unset");
        IN_RUN.set("unset");
    }

    @AfterEach
    void logOut() {
        USER.remove();
    }

    @Test
    void theBatchCommandRunsAsTheUserWhoseRequestsItCarries() throws Exception {
        try (HystrixRequestContext context = HystrixRequestContext.initializeContext()) {
            Future<String> one = new Shout("a").queue();
            Future<String> two = new Shout("b").queue();
            USER.set("mallory"); // the caller's thread moves on before the window closes

            advanceMillis(10);

            assertThat(one.get(SAFETY_SECONDS, TimeUnit.SECONDS)).isEqualTo("A from alice");
            assertThat(two.get(SAFETY_SECONDS, TimeUnit.SECONDS)).isEqualTo("B from alice");
            assertThat(IN_RUN.get()).isEqualTo("alice");
            assertThat(IN_CREATE.get()).isEqualTo("alice");
        }
    }
}
