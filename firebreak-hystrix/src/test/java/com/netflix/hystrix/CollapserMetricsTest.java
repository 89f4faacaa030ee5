package com.netflix.hystrix;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.netflix.hystrix.HystrixCollapser.CollapsedRequest;
import com.netflix.hystrix.strategy.concurrency.HystrixRequestContext;
import com.netflix.hystrix.util.HystrixRollingNumberEvent;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import rx.plugins.RxJavaHooks;
import rx.schedulers.TestScheduler;

/**
 * HystrixCollapserMetrics against what the collapser did: the collapser's window on the manual clock,
 * the metric streams' buckets on RxJava's TestScheduler (put in place of the computation scheduler).
 */
@SuppressWarnings("try") // contexts opened for their effect on the thread
class CollapserMetricsTest extends BridgeFixture {

    private final TestScheduler buckets = new TestScheduler();

    /** Echoes its argument through one batch command; cached by argument when asked to. */
    static final class Echo extends HystrixCollapser<List<Integer>, Integer, Integer> {
        private final int argument;
        private final boolean cached;

        Echo(String key, int argument, boolean cached) {
            super(Setter.withCollapserKey(HystrixCollapserKey.Factory.asKey(key)));
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
            return new HystrixCommand<>(TestCommand.named("EchoAll", semaphore())) {
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

    @BeforeEach
    void bucketsOnTheTestScheduler() {
        HystrixCollapserMetrics.reset();
        RxJavaHooks.setOnComputationScheduler(ignored -> buckets);
    }

    @AfterEach
    void realBuckets() {
        RxJavaHooks.reset();
    }

    /** Sends one batch of {@code arguments} in a fresh request context and waits for its answers. */
    private void batch(String key, boolean cached, int... arguments) throws Exception {
        try (HystrixRequestContext context = HystrixRequestContext.initializeContext()) {
            List<Future<Integer>> answers = new ArrayList<>();
            for (int argument : arguments) {
                answers.add(new Echo(key, argument, cached).queue());
            }
            advanceMillis(10); // the window closes: the batch leaves
            for (int i = 0; i < arguments.length; i++) {
                assertThat(answers.get(i).get(SAFETY_SECONDS, TimeUnit.SECONDS)).isEqualTo(arguments[i]);
            }
        }
    }

    @Test
    void countsEachBatchAndItsRequestsOncePerBucketAndKeepsTheBatchSizes() throws Exception {
        Echo first = new Echo("EchoCounts", 0, false);
        HystrixCollapserMetrics metrics = first.getMetrics();
        assertThat(metrics.getRollingCount(HystrixEventType.Collapser.BATCH_EXECUTED)).isZero(); // starts the streams
        assertThat(metrics.getCumulativeCount(HystrixEventType.Collapser.ADDED_TO_BATCH)).isZero();
        assertThat(metrics.getBatchSizeMean()).isZero();

        batch("EchoCounts", false, 1, 2, 3);
        batch("EchoCounts", false, 4);
        assertThat(metrics.getRollingCount(HystrixEventType.Collapser.BATCH_EXECUTED)).as("not before the bucket closes").isZero();

        buckets.advanceTimeBy(1, TimeUnit.SECONDS); // one statistical bucket (10 s / 10)
        assertThat(metrics.getRollingCount(HystrixEventType.Collapser.BATCH_EXECUTED)).isEqualTo(2);
        assertThat(metrics.getRollingCount(HystrixEventType.Collapser.ADDED_TO_BATCH)).isEqualTo(4);
        assertThat(metrics.getRollingCount(HystrixRollingNumberEvent.COLLAPSER_REQUEST_BATCHED)).isEqualTo(4);
        assertThat(metrics.getCumulativeCount(HystrixRollingNumberEvent.COLLAPSER_BATCH)).isEqualTo(2);
        assertThat(metrics.getRollingCount(HystrixEventType.Collapser.RESPONSE_FROM_CACHE)).isZero();

        buckets.advanceTimeBy(9, TimeUnit.SECONDS); // the percentile bucket (60 s / 6) closes
        assertThat(metrics.getBatchSizePercentile(100)).isEqualTo(3);
        assertThat(metrics.getBatchSizePercentile(0)).isEqualTo(1);
        assertThat(metrics.getBatchSizeMean()).isEqualTo(2);

        buckets.advanceTimeBy(10, TimeUnit.SECONDS); // past the statistical window: rolling forgets, cumulative keeps
        assertThat(metrics.getRollingCount(HystrixEventType.Collapser.BATCH_EXECUTED)).isZero();
        assertThat(metrics.getCumulativeCount(HystrixEventType.Collapser.BATCH_EXECUTED)).isEqualTo(2);
        assertThat(metrics.getCumulativeCount(HystrixEventType.Collapser.ADDED_TO_BATCH)).isEqualTo(4);
    }

    @Test
    void countsEachRequestTheCollapserAnsweredFromTheRequestCache() throws Exception {
        HystrixCollapserMetrics metrics = new Echo("EchoCached", 0, true).getMetrics();
        assertThat(metrics.getRollingCount(HystrixEventType.Collapser.RESPONSE_FROM_CACHE)).isZero(); // starts the streams
        assertThat(metrics.getCumulativeCount(HystrixEventType.Collapser.RESPONSE_FROM_CACHE)).isZero();

        batch("EchoCached", true, 1, 1, 1, 2);
        buckets.advanceTimeBy(1, TimeUnit.SECONDS);
        assertThat(metrics.getRollingCount(HystrixEventType.Collapser.RESPONSE_FROM_CACHE)).isEqualTo(2);
        assertThat(metrics.getCumulativeCount(HystrixRollingNumberEvent.RESPONSE_FROM_CACHE)).isEqualTo(2);
        assertThat(metrics.getRollingCount(HystrixEventType.Collapser.ADDED_TO_BATCH)).as("the hits never joined the batch").isEqualTo(2);
        assertThat(metrics.getRollingCount(HystrixEventType.Collapser.BATCH_EXECUTED)).isEqualTo(1);
    }

    @Test
    void oneInstancePerKeyListedWithTheKeysPropertiesUntilReset() {
        Echo one = new Echo("EchoInstances", 1, false);
        Echo two = new Echo("EchoInstances", 2, false);
        assertThat(two.getMetrics()).isSameAs(one.getMetrics());
        assertThat(HystrixCollapserMetrics.getInstances()).extracting(m -> m.getCollapserKey().name()).containsExactly("EchoInstances");
        assertThat(one.getMetrics().getProperties().timerDelayInMilliseconds().get()).isEqualTo(10);
        assertThat(one.getMetrics().getProperties().metricsRollingStatisticalWindowInMilliseconds().get()).isEqualTo(10_000);
        assertThat(one.getMetrics().getShardSizeMean()).isZero(); // as 1.5.18: shard sizes are not recorded

        HystrixCollapserMetrics.reset();
        assertThat(HystrixCollapserMetrics.getInstances()).isEmpty();
        assertThat(new Echo("EchoInstances", 3, false).getMetrics()).isNotSameAs(one.getMetrics());
        assertThat(HystrixCollapserMetrics.getInstances()).hasSize(1);
    }

    @Test
    void aCommandEventIsNoCollapserEvent() {
        HystrixCollapserMetrics metrics = new Echo("EchoWrongEvent", 1, false).getMetrics();
        assertThatThrownBy(() -> metrics.getRollingCount(HystrixRollingNumberEvent.SUCCESS))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("SUCCESS");
    }
}
