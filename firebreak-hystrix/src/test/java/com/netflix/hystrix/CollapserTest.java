package com.netflix.hystrix;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.netflix.hystrix.HystrixCollapser.CollapsedRequest;
import com.netflix.hystrix.strategy.concurrency.HystrixRequestContext;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import rx.Observable;
import rx.functions.Func1;
import rx.observers.TestSubscriber;

/** Collapsers on the manual clock: the batch leaves when the timer window closes. */
@SuppressWarnings("try") // contexts opened for their effect on the thread
class CollapserTest extends BridgeFixture {

    static final List<List<Integer>> BATCHES = new CopyOnWriteArrayList<>();
    static final List<Thread> BATCH_THREADS = new CopyOnWriteArrayList<>();

    /** Doubles each argument in one batch command; odd arguments above 100 get no response. */
    static final class Doubler extends HystrixCollapser<List<Integer>, Integer, Integer> {
        private final int argument;

        Doubler(int argument, Scope scope) {
            super(Setter.withCollapserKey(HystrixCollapserKey.Factory.asKey("Doubler" + scope)).andScope(scope));
            this.argument = argument;
        }

        @Override
        public Integer getRequestArgument() {
            return argument;
        }

        @Override
        protected HystrixCommand<List<Integer>> createCommand(Collection<CollapsedRequest<Integer, Integer>> requests) {
            List<Integer> arguments = new ArrayList<>();
            requests.forEach(r -> arguments.add(r.getArgument()));
            BATCHES.add(arguments);
            BATCH_THREADS.add(Thread.currentThread());
            return new HystrixCommand<>(TestCommand.named("DoubleAll", HystrixCommandProperties.Setter())) {
                @Override
                protected List<Integer> run() {
                    List<Integer> doubled = new ArrayList<>();
                    arguments.forEach(a -> doubled.add(a * 2));
                    return doubled;
                }
            };
        }

        @Override
        protected void mapResponseToRequests(List<Integer> batchResponse, Collection<CollapsedRequest<Integer, Integer>> requests) {
            int i = 0;
            for (CollapsedRequest<Integer, Integer> request : requests) {
                int value = batchResponse.get(i++);
                if (request.getArgument() < 100 || request.getArgument() % 2 == 0) {
                    request.setResponse(value);
                }
            }
        }
    }

    @Test
    void requestsOfOneContextLeaveAsOneBatchWhenTheWindowCloses() throws Exception {
        BATCHES.clear();
        BATCH_THREADS.clear();
        try (HystrixRequestContext context = HystrixRequestContext.initializeContext()) {
            Future<Integer> one = new Doubler(1, HystrixCollapser.Scope.REQUEST).queue();
            Future<Integer> two = new Doubler(2, HystrixCollapser.Scope.REQUEST).queue();
            Future<Integer> three = new Doubler(3, HystrixCollapser.Scope.REQUEST).queue();
            advanceMillis(9);
            assertThat(BATCHES).isEmpty();

            advanceMillis(1); // timerDelayInMilliseconds, 10 by default

            assertThat(one.get(SAFETY_SECONDS, TimeUnit.SECONDS)).isEqualTo(2);
            assertThat(two.get(SAFETY_SECONDS, TimeUnit.SECONDS)).isEqualTo(4);
            assertThat(three.get(SAFETY_SECONDS, TimeUnit.SECONDS)).isEqualTo(6);
            assertThat(BATCHES).containsExactly(List.of(1, 2, 3));
            // the manual clock fires the window on this thread: the user's createCommand must not run on the timer
            assertThat(BATCH_THREADS).singleElement().isNotSameAs(Thread.currentThread());
            // the collapser's pass-through guard is in the registry but is no command key
            assertThat(dev.firebreak.hystrix.HystrixBridge.registry().find("DoublerREQUEST.batch")).isPresent();
            assertThat(HystrixCommandMetrics.getInstances()).extracting(m -> m.getCommandKey().name())
                    .contains("DoubleAll").doesNotContain("DoublerREQUEST.batch");
            Collection<HystrixInvokableInfo<?>> logged = HystrixRequestLog.getCurrentRequest().getAllExecutedCommands();
            assertThat(logged).singleElement().satisfies(batch -> {
                assertThat(batch.getCommandKey().name()).isEqualTo("DoubleAll");
                assertThat(batch.getExecutionEvents()).containsExactly(HystrixEventType.SUCCESS, HystrixEventType.COLLAPSED);
                assertThat(batch.getNumberCollapsed()).isEqualTo(3);
                assertThat(batch.getOriginatingCollapserKey().name()).isEqualTo("DoublerREQUEST");
            });
        }
    }

    @Test
    void requestScopeKeepsContextsApartAndGlobalScopeJoinsThem() throws Exception {
        BATCHES.clear();
        List<Future<Integer>> futures = new ArrayList<>();
        for (int i = 1; i <= 2; i++) {
            try (HystrixRequestContext context = HystrixRequestContext.initializeContext()) {
                futures.add(new Doubler(i, HystrixCollapser.Scope.REQUEST).queue());
                futures.add(new Doubler(i * 10, HystrixCollapser.Scope.GLOBAL).queue());
            }
        }
        advanceMillis(10);
        for (Future<Integer> future : futures) {
            future.get(SAFETY_SECONDS, TimeUnit.SECONDS);
        }

        assertThat(BATCHES).containsExactlyInAnyOrder(List.of(1), List.of(2), List.of(10, 20));
    }

    @Test
    void aRequestScopedCollapserOutsideAContextFailsAtOnceNamingTheFix() {
        assertThatThrownBy(() -> new Doubler(1, HystrixCollapser.Scope.REQUEST).queue())
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("DoublerREQUEST")
                .hasMessageContaining("HystrixRequestContext.initializeContext()");
        assertThatThrownBy(() -> new Words(1).toObservable().toBlocking().single())
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("Words");
    }

    @Test
    void aRequestTheMappingLeftUnansweredFailsAndNamesTheCollapser() {
        try (HystrixRequestContext context = HystrixRequestContext.initializeContext()) {
            Future<Integer> unanswered = new Doubler(101, HystrixCollapser.Scope.REQUEST).queue();
            Future<Integer> answered = new Doubler(102, HystrixCollapser.Scope.REQUEST).queue();
            advanceMillis(10);

            assertThatThrownBy(() -> unanswered.get(SAFETY_SECONDS, TimeUnit.SECONDS)).isInstanceOf(ExecutionException.class)
                    .cause().isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("No response set by DoublerREQUEST 'mapResponseToRequests'");
            assertThat(answered).succeedsWithin(java.time.Duration.ofSeconds(SAFETY_SECONDS)).isEqualTo(204);
        }
    }

    @Test
    void anExplicitTimerDelayFromTheSetterIsHonoured() throws Exception {
        try (HystrixRequestContext context = HystrixRequestContext.initializeContext()) {
            HystrixCollapser<List<Integer>, Integer, Integer> slowWindow = new HystrixCollapser<>(
                    HystrixCollapser.Setter.withCollapserKey(HystrixCollapserKey.Factory.asKey("SlowWindow"))
                            .andCollapserPropertiesDefaults(HystrixCollapserProperties.Setter().withTimerDelayInMilliseconds(50))) {
                @Override
                public Integer getRequestArgument() {
                    return 7;
                }

                @Override
                protected HystrixCommand<List<Integer>> createCommand(Collection<CollapsedRequest<Integer, Integer>> requests) {
                    return new HystrixCommand<>(TestCommand.named("SlowWindowBatch", HystrixCommandProperties.Setter())) {
                        @Override
                        protected List<Integer> run() {
                            return List.of(70);
                        }
                    };
                }

                @Override
                protected void mapResponseToRequests(List<Integer> response, Collection<CollapsedRequest<Integer, Integer>> requests) {
                    requests.forEach(r -> r.setResponse(response.get(0)));
                }
            };
            Future<Integer> future = slowWindow.queue();
            advanceMillis(49);
            assertThat(future).isNotDone();
            advanceMillis(1);
            assertThat(future.get(SAFETY_SECONDS, TimeUnit.SECONDS)).isEqualTo(70);
            assertThat(slowWindow.getProperties().timerDelayInMilliseconds().get()).isEqualTo(50);
        }
    }

    /** Words for numbers, matched back by number; "none" for numbers it does not know. */
    static final class Words extends HystrixObservableCollapser<Integer, String, String, Integer> {
        private final int number;

        Words(int number) {
            super(HystrixCollapserKey.Factory.asKey("Words"));
            this.number = number;
        }

        @Override
        public Integer getRequestArgument() {
            return number;
        }

        @Override
        protected HystrixObservableCommand<String> createCommand(Collection<CollapsedRequest<String, Integer>> requests) {
            List<Integer> numbers = new ArrayList<>();
            requests.forEach(r -> numbers.add(r.getArgument()));
            return new HystrixObservableCommand<>(HystrixObservableCommand.Setter.withGroupKey(group("Words"))
                    .andCommandKey(key("NumbersToWords"))) {
                @Override
                protected Observable<String> construct() {
                    return Observable.from(numbers).filter(n -> n < 3).map(n -> n + ":" + List.of("zero", "one", "two").get(n));
                }
            };
        }

        @Override
        protected Func1<String, Integer> getBatchReturnTypeKeySelector() {
            return word -> Integer.parseInt(word.substring(0, word.indexOf(':')));
        }

        @Override
        protected Func1<Integer, Integer> getRequestArgumentKeySelector() {
            return n -> n;
        }

        @Override
        protected Func1<String, String> getBatchReturnTypeToResponseTypeMapper() {
            return word -> word.substring(word.indexOf(':') + 1);
        }

        @Override
        protected void onMissingResponse(CollapsedRequest<String, Integer> request) {
            request.setException(new IllegalArgumentException("no word for " + request.getArgument()));
        }
    }

    @Test
    void anObservableCollapserMatchesEmissionsByKeyAndSharesEqualArguments() {
        try (HystrixRequestContext context = HystrixRequestContext.initializeContext()) {
            TestSubscriber<String> one = new TestSubscriber<>();
            TestSubscriber<String> oneAgain = new TestSubscriber<>();
            TestSubscriber<String> two = new TestSubscriber<>();
            TestSubscriber<String> nine = new TestSubscriber<>();
            new Words(1).toObservable().subscribe(one);
            new Words(1).toObservable().subscribe(oneAgain);
            new Words(2).toObservable().subscribe(two);
            new Words(9).toObservable().subscribe(nine);

            advanceMillis(10);

            for (TestSubscriber<String> s : List.of(one, oneAgain, two, nine)) {
                s.awaitTerminalEvent(SAFETY_SECONDS, TimeUnit.SECONDS);
            }
            one.assertValue("one");
            oneAgain.assertValue("one");
            two.assertValue("two");
            nine.assertError(IllegalArgumentException.class);
            assertThat(HystrixRequestLog.getCurrentRequest().getExecutedCommandsAsString())
                    .isEqualTo("NumbersToWords[EMITx2, SUCCESS, COLLAPSED][0ms]");
        }
    }
}
