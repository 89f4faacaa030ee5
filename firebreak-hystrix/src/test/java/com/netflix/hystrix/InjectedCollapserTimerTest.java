package com.netflix.hystrix;

import static org.assertj.core.api.Assertions.assertThat;

import com.netflix.hystrix.HystrixCollapser.CollapsedRequest;
import com.netflix.hystrix.collapser.CollapserTimer;
import com.netflix.hystrix.strategy.concurrency.HystrixRequestContext;
import com.netflix.hystrix.util.HystrixTimer.TimerListener;
import java.lang.ref.Reference;
import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** 1.5.18's package-private seam: a collapser key whose windows an injected CollapserTimer closes. */
@SuppressWarnings("try") // contexts opened for their effect on the thread
class InjectedCollapserTimerTest extends BridgeFixture {

    /** A timer that ticks only when told; a cleared reference takes its listener out. */
    static final class HandTimer implements CollapserTimer {
        final List<TimerListener> listeners = new CopyOnWriteArrayList<>();

        @Override
        public Reference<TimerListener> addListener(TimerListener task) {
            listeners.add(task);
            return new WeakReference<>(task) {
                @Override
                public void clear() {
                    listeners.remove(task);
                    super.clear();
                }
            };
        }

        void tick() {
            listeners.forEach(TimerListener::tick);
        }
    }

    static final List<List<String>> BATCHES = new CopyOnWriteArrayList<>();
    static final List<Thread> MAKERS = new CopyOnWriteArrayList<>();

    /** Upper-cases its argument in one batch command; 50 ms windows. */
    static final class Upper extends HystrixCollapser<List<String>, String, String> {
        private final String argument;

        Upper(String key, CollapserTimer timer, String argument) {
            super(HystrixCollapserKey.Factory.asKey(key), Scope.REQUEST, timer,
                    HystrixCollapserProperties.Setter().withTimerDelayInMilliseconds(50));
            this.argument = argument;
        }

        @Override
        public String getRequestArgument() {
            return argument;
        }

        @Override
        protected HystrixCommand<List<String>> createCommand(Collection<CollapsedRequest<String, String>> requests) {
            List<String> arguments = new ArrayList<>();
            requests.forEach(r -> arguments.add(r.getArgument()));
            BATCHES.add(arguments);
            MAKERS.add(Thread.currentThread());
            return new HystrixCommand<>(TestCommand.named("UpperAll", semaphore())) {
                @Override
                protected List<String> run() {
                    return arguments.stream().map(String::toUpperCase).toList();
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

    @Test
    void theInjectedTimerClosesTheWindowAndHoldsOnlyOpenWindows() throws Exception {
        BATCHES.clear();
        MAKERS.clear();
        HandTimer timer = new HandTimer();
        try (HystrixRequestContext context = HystrixRequestContext.initializeContext()) {
            Future<String> a = new Upper("UpperHand", timer, "a").queue();
            Future<String> b = new Upper("UpperHand", timer, "b").queue();
            assertThat(timer.listeners).singleElement()
                    .satisfies(window -> assertThat(window.getIntervalTimeInMilliseconds()).isEqualTo(50));

            advanceMillis(1_000);
            assertThat(BATCHES).as("the registry's clock does not close an injected timer's window").isEmpty();

            timer.tick();
            assertThat(a.get(SAFETY_SECONDS, TimeUnit.SECONDS)).isEqualTo("A");
            assertThat(b.get(SAFETY_SECONDS, TimeUnit.SECONDS)).isEqualTo("B");
            assertThat(BATCHES).containsExactly(List.of("a", "b"));
            assertThat(timer.listeners).as("a window that closed leaves the timer").isEmpty();

            Future<String> c = new Upper("UpperHand", timer, "c").queue();
            assertThat(timer.listeners).hasSize(1);
            timer.tick();
            timer.tick(); // a closed window's listener is gone: a second tick sends nothing more
            assertThat(c.get(SAFETY_SECONDS, TimeUnit.SECONDS)).isEqualTo("C");
            assertThat(BATCHES).containsExactly(List.of("a", "b"), List.of("c"));
            assertThat(MAKERS).as("as in hystrix-core, the thread that ticks makes the batch's command")
                    .containsOnly(Thread.currentThread());
            assertThat(HystrixRequestLog.getCurrentRequest().getAllExecutedCommands())
                    .extracting(HystrixInvokableInfo::getNumberCollapsed).containsExactly(2, 1);
        }
    }

    @Test
    void theInjectedMetricsAreWhatGetMetricsReturns() {
        HystrixCollapserMetrics given = HystrixCollapserMetrics.getInstance(HystrixCollapserKey.Factory.asKey("UpperGivenMetrics"),
                new HystrixCollapserProperties(null, HystrixCollapserProperties.Setter()));
        Upper withMetrics = new Upper("UpperOwnKey", new HandTimer(), "a");
        HystrixCollapser<List<String>, String, String> injected = new HystrixCollapser<>(
                HystrixCollapserKey.Factory.asKey("UpperOwnKey"), HystrixCollapser.Scope.REQUEST, new HandTimer(), null, given) {
            @Override
            public String getRequestArgument() {
                return "x";
            }

            @Override
            protected HystrixCommand<List<String>> createCommand(Collection<CollapsedRequest<String, String>> requests) {
                throw new UnsupportedOperationException("never sent");
            }

            @Override
            protected void mapResponseToRequests(List<String> batchResponse, Collection<CollapsedRequest<String, String>> requests) {
            }
        };
        assertThat(injected.getMetrics()).isSameAs(given);
        assertThat(withMetrics.getMetrics()).isNotSameAs(given);
        assertThat(withMetrics.getMetrics().getCollapserKey().name()).isEqualTo("UpperOwnKey");
    }
}
