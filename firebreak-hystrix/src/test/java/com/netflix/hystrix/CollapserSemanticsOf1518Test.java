package com.netflix.hystrix;

import static org.assertj.core.api.Assertions.assertThat;

import com.netflix.hystrix.HystrixCollapser.CollapsedRequest;
import com.netflix.hystrix.collapser.RequestCollapserFactory;
import com.netflix.hystrix.strategy.concurrency.HystrixRequestContext;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import rx.Observable;
import rx.Subscription;
import rx.functions.Func1;
import rx.observers.TestSubscriber;

/** hystrix-core 1.5.18's collapser behaviours the bridge keeps, on the manual clock. */
@SuppressWarnings("try") // contexts opened for their effect on the thread
class CollapserSemanticsOf1518Test extends BridgeFixture {

    static final List<List<Integer>> BATCHES = new CopyOnWriteArrayList<>();

    /** Echoes its argument; cached by argument when asked; its own key per test. */
    static final class Echo extends HystrixCollapser<List<Integer>, Integer, Integer> {
        private final int argument;
        private final boolean cached;

        Echo(String key, Scope scope, int argument, boolean cached, boolean cacheOn) {
            super(Setter.withCollapserKey(HystrixCollapserKey.Factory.asKey(key)).andScope(scope)
                    .andCollapserPropertiesDefaults(HystrixCollapserProperties.Setter().withRequestCacheEnabled(cacheOn)));
            this.argument = argument;
            this.cached = cached;
        }

        @Override
        public Integer getRequestArgument() {
            return argument;
        }

        @Override
        protected String getCacheKey() {
            return cached ? String.valueOf(argument) : null;
        }

        @Override
        protected HystrixCommand<List<Integer>> createCommand(Collection<CollapsedRequest<Integer, Integer>> requests) {
            List<Integer> arguments = new ArrayList<>();
            requests.forEach(r -> arguments.add(r.getArgument()));
            BATCHES.add(arguments);
            return new HystrixCommand<>(TestCommand.named("EchoBatch", semaphore())) {
                @Override
                protected List<Integer> run() {
                    return arguments;
                }
            };
        }

        @Override
        protected void mapResponseToRequests(List<Integer> batchResponse, Collection<CollapsedRequest<Integer, Integer>> requests) {
            int i = 0;
            for (CollapsedRequest<Integer, Integer> request : requests) {
                request.setResponse(batchResponse.get(i++));
            }
        }
    }

    /** Emits "n:n" for each argument; its mapping throws for 1. */
    static final class Picky extends HystrixObservableCollapser<Integer, String, String, Integer> {
        private final int argument;

        Picky(int argument) {
            super(HystrixCollapserKey.Factory.asKey("Picky"));
            this.argument = argument;
        }

        @Override
        public Integer getRequestArgument() {
            return argument;
        }

        @Override
        protected HystrixObservableCommand<String> createCommand(Collection<CollapsedRequest<String, Integer>> requests) {
            List<Integer> arguments = new ArrayList<>();
            requests.forEach(r -> arguments.add(r.getArgument()));
            return new HystrixObservableCommand<>(HystrixObservableCommand.Setter.withGroupKey(group("Picky"))) {
                @Override
                protected Observable<String> construct() {
                    return Observable.from(arguments).map(n -> n + ":" + n);
                }
            };
        }

        @Override
        protected Func1<String, Integer> getBatchReturnTypeKeySelector() {
            return s -> Integer.parseInt(s.substring(0, s.indexOf(':')));
        }

        @Override
        protected Func1<Integer, Integer> getRequestArgumentKeySelector() {
            return n -> n;
        }

        @Override
        protected Func1<String, String> getBatchReturnTypeToResponseTypeMapper() {
            return s -> {
                if (s.startsWith("1:")) {
                    throw new IllegalStateException("cannot map " + s);
                }
                return s;
            };
        }

        @Override
        protected void onMissingResponse(CollapsedRequest<String, Integer> request) {
            request.setException(new IllegalArgumentException("missing " + request.getArgument()));
        }
    }

    @Test
    void theOwnerOfACachedRequestLeavingDoesNotFailItsCacheHitsButTheLastOneLeavingTakesItOut() throws Exception {
        BATCHES.clear();
        try (HystrixRequestContext context = HystrixRequestContext.initializeContext()) {
            Subscription owner = new Echo("EchoShared", HystrixCollapser.Scope.REQUEST, 7, true, true).observe().subscribe();
            TestSubscriber<Integer> hit = new TestSubscriber<>();
            new Echo("EchoShared", HystrixCollapser.Scope.REQUEST, 7, true, true).toObservable().subscribe(hit);
            owner.unsubscribe();
            advanceMillis(10);
            hit.awaitTerminalEvent(SAFETY_SECONDS, TimeUnit.SECONDS);
            hit.assertValue(7);
            assertThat(BATCHES).containsExactly(List.of(7));

            Subscription first = new Echo("EchoShared", HystrixCollapser.Scope.REQUEST, 8, true, true).toObservable().subscribe();
            Subscription second = new Echo("EchoShared", HystrixCollapser.Scope.REQUEST, 8, true, true).toObservable().subscribe();
            first.unsubscribe();
            second.unsubscribe();
            advanceMillis(10);
            assertThat(BATCHES).as("nobody waits for 8: it left its batch").containsExactly(List.of(7));
        }
    }

    @Test
    void leavingObserveTakesAnUncachedRequestOutOfItsBatch() throws Exception {
        BATCHES.clear();
        try (HystrixRequestContext context = HystrixRequestContext.initializeContext()) {
            Subscription left = new Echo("EchoLeaves", HystrixCollapser.Scope.REQUEST, 1, false, true).observe().subscribe();
            Observable<Integer> stays = new Echo("EchoLeaves", HystrixCollapser.Scope.REQUEST, 2, false, true).observe();
            left.unsubscribe();
            advanceMillis(10);
            assertThat(stays.toBlocking().single()).isEqualTo(2);
            assertThat(BATCHES).containsExactly(List.of(2));
        }
    }

    @Test
    void withTheRequestCacheOffARepeatedArgumentFailsAndTheFirstIsAnswered() throws Exception {
        BATCHES.clear();
        try (HystrixRequestContext context = HystrixRequestContext.initializeContext()) {
            TestSubscriber<Integer> first = new TestSubscriber<>();
            TestSubscriber<Integer> repeated = new TestSubscriber<>();
            new Echo("EchoNoCache", HystrixCollapser.Scope.REQUEST, 5, false, false).toObservable().subscribe(first);
            new Echo("EchoNoCache", HystrixCollapser.Scope.REQUEST, 5, false, false).toObservable().subscribe(repeated);
            advanceMillis(10);
            first.awaitTerminalEvent(SAFETY_SECONDS, TimeUnit.SECONDS);
            repeated.awaitTerminalEvent(SAFETY_SECONDS, TimeUnit.SECONDS);
            first.assertValue(5);
            repeated.assertError(IllegalArgumentException.class);
            assertThat(repeated.getOnErrorEvents().get(0)).hasMessageContaining("Duplicate argument").hasMessageContaining("5");
            assertThat(BATCHES).containsExactly(List.of(5));
        }
    }

    @Test
    void resetRequestStartsNewRequestScopedBatchesInTheSameRequest() throws Exception {
        BATCHES.clear();
        try (HystrixRequestContext context = HystrixRequestContext.initializeContext()) {
            Observable<Integer> one = new Echo("EchoReset", HystrixCollapser.Scope.REQUEST, 1, false, true).observe();
            RequestCollapserFactory.resetRequest();
            Observable<Integer> two = new Echo("EchoReset", HystrixCollapser.Scope.REQUEST, 2, false, true).observe();
            Observable<Integer> three = new Echo("EchoReset", HystrixCollapser.Scope.REQUEST, 3, false, true).observe();
            advanceMillis(10);
            assertThat(List.of(one.toBlocking().single(), two.toBlocking().single(), three.toBlocking().single())).containsExactly(1, 2, 3);
            assertThat(BATCHES).containsExactlyInAnyOrder(List.of(1), List.of(2, 3));
            assertThat(HystrixRequestLog.getCurrentRequest().getAllExecutedCommands()).hasSize(2);
        }
    }

    @Test
    void aGlobalBatchShowsInItsFirstRequestsLog() throws Exception {
        try (HystrixRequestContext context = HystrixRequestContext.initializeContext()) {
            Observable<Integer> one = new Echo("EchoGlobal", HystrixCollapser.Scope.GLOBAL, 1, false, true).observe();
            advanceMillis(10);
            assertThat(one.toBlocking().single()).isEqualTo(1);
            assertThat(HystrixRequestLog.getCurrentRequest().getAllExecutedCommands()).singleElement()
                    .satisfies(batch -> assertThat(batch.getNumberCollapsed()).isEqualTo(1));
        }
    }

    @Test
    void anEmissionTheMappingCannotHandleIsSkippedSoOnlyItsRequestGoesMissing() throws Exception {
        try (HystrixRequestContext context = HystrixRequestContext.initializeContext()) {
            TestSubscriber<String> one = new TestSubscriber<>();
            TestSubscriber<String> two = new TestSubscriber<>();
            new Picky(1).toObservable().subscribe(one);
            new Picky(2).toObservable().subscribe(two);
            advanceMillis(10);
            one.awaitTerminalEvent(SAFETY_SECONDS, TimeUnit.SECONDS);
            two.awaitTerminalEvent(SAFETY_SECONDS, TimeUnit.SECONDS);
            one.assertError(IllegalArgumentException.class); // from onMissingResponse: "missing 1"
            assertThat(one.getOnErrorEvents().get(0)).hasMessage("missing 1");
            two.assertValue("2:2");
            two.assertCompleted();
        }
    }
}
