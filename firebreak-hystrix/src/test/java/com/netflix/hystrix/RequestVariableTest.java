package com.netflix.hystrix;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.netflix.hystrix.strategy.HystrixPlugins;
import com.netflix.hystrix.strategy.concurrency.HystrixConcurrencyStrategy;
import com.netflix.hystrix.strategy.concurrency.HystrixRequestContext;
import com.netflix.hystrix.strategy.concurrency.HystrixRequestVariable;
import com.netflix.hystrix.strategy.concurrency.HystrixRequestVariableDefault;
import com.netflix.hystrix.strategy.concurrency.HystrixRequestVariableHolder;
import com.netflix.hystrix.strategy.concurrency.HystrixRequestVariableLifecycle;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Request variables: one value per request context, made lazily once, shut down with the context. */
class RequestVariableTest extends BridgeFixture {

    /** Counts the values it makes; records the values it shuts down. */
    static final class Counted extends HystrixRequestVariableDefault<String> {
        final AtomicInteger made = new AtomicInteger();
        final List<String> shutDown = new CopyOnWriteArrayList<>();

        @Override
        public String initialValue() {
            return "value-" + made.incrementAndGet();
        }

        @Override
        public void shutdown(String value) {
            shutDown.add(value);
        }
    }

    @Test
    void aValueIsMadeOncePerRequestAndSharedWithTheRequestsCommands() {
        Counted variable = new Counted();
        try (HystrixRequestContext first = HystrixRequestContext.initializeContext()) {
            String inRequest = variable.get();
            String onPoolThread = new TestCommand(TestCommand.named("ReadsVariable", HystrixCommandProperties.Setter()), variable::get).execute();

            assertThat(inRequest).isEqualTo("value-1");
            assertThat(onPoolThread).isEqualTo("value-1");
            assertThat(variable.get()).isEqualTo("value-1");
        }
        try (HystrixRequestContext second = HystrixRequestContext.initializeContext()) {
            assertThat(variable.get()).isEqualTo("value-2");
        }
        assertThat(variable.made).hasValue(2);
    }

    @Test
    void shutdownHandsEachValueToItsVariableOnceAndRemoveShutsDownAtOnce() {
        Counted kept = new Counted();
        Counted removed = new Counted();
        Counted neverRead = new Counted();
        HystrixRequestContext context = HystrixRequestContext.initializeContext();
        kept.get();
        removed.set("explicit");
        removed.remove();
        assertThat(removed.shutDown).containsExactly("explicit");

        context.shutdown();
        context.shutdown();

        assertThat(kept.shutDown).containsExactly("value-1");
        assertThat(removed.shutDown).containsExactly("explicit");
        assertThat(neverRead.shutDown).isEmpty();
        assertThat(neverRead.made).hasValue(0);
    }

    @Test
    void aThrowingShutdownDoesNotStopTheOthers() {
        HystrixRequestVariableDefault<String> failing = new HystrixRequestVariableDefault<>() {
            @Override
            public void shutdown(String value) {
                throw new IllegalStateException("cannot close " + value);
            }
        };
        Counted other = new Counted();
        HystrixRequestContext context = HystrixRequestContext.initializeContext();
        failing.set("x");
        other.get();

        context.shutdown();

        assertThat(other.shutDown).containsExactly("value-1");
        assertThat(HystrixRequestContext.isCurrentThreadInitialized()).isFalse();
    }

    @Test
    void readingOutsideARequestSaysWhatToCall() {
        assertThatThrownBy(() -> new Counted().get()).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("HystrixRequestContext.initializeContext()");
        assertThatThrownBy(() -> new HystrixRequestVariableHolder<>(new Counted()).get(HystrixPlugins.getInstance().getConcurrencyStrategy()))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("HystrixRequestContext.initializeContext()");
    }

    @Test
    void aHolderReadsTheVariableTheRegisteredStrategyMakes() {
        List<String> asked = new CopyOnWriteArrayList<>();
        HystrixPlugins.getInstance().registerConcurrencyStrategy(new HystrixConcurrencyStrategy() {
            @Override
            public <T> HystrixRequestVariable<T> getRequestVariable(HystrixRequestVariableLifecycle<T> rv) {
                asked.add("asked");
                return super.getRequestVariable(rv);
            }
        });
        HystrixRequestVariableHolder<String> holder = new HystrixRequestVariableHolder<>(new HystrixRequestVariableLifecycle<>() {
            @Override
            public String initialValue() {
                return "made by the lifecycle";
            }

            @Override
            public void shutdown(String value) {
            }
        });

        try (HystrixRequestContext context = HystrixRequestContext.initializeContext()) {
            HystrixConcurrencyStrategy strategy = HystrixPlugins.getInstance().getConcurrencyStrategy();
            assertThat(holder.get(strategy)).isEqualTo("made by the lifecycle");
            assertThat(holder.get(strategy)).isEqualTo("made by the lifecycle");
        }
        assertThat(asked).containsExactly("asked");
    }
}
