package com.netflix.hystrix;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.netflix.hystrix.strategy.HystrixPlugins;
import com.netflix.hystrix.strategy.metrics.HystrixMetricsPublisher;
import com.netflix.hystrix.strategy.metrics.HystrixMetricsPublisherCollapser;
import com.netflix.hystrix.util.HystrixRollingNumberEvent;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/** What the contrib jars (the Codahale publisher, the event-stream servlets) read beyond the command API. */
class ContribReadsTest extends BridgeFixture {

    private void run(String key, boolean fail) {
        new TestCommand.WithFallback(TestCommand.named(key, semaphore()), () -> {
            if (fail) {
                throw new RuntimeException("down");
            }
            return "ok";
        }).execute();
    }

    @Test
    void rollingNumberEventsReadTheSameCountsAsEventTypes() {
        run("Counted", false);
        run("Counted", false);
        run("Counted", true);
        HystrixCommandMetrics metrics = HystrixCommandMetrics.getInstance(key("Counted"));
        assertThat(metrics.getRollingCount(HystrixRollingNumberEvent.SUCCESS)).isEqualTo(metrics.getRollingCount(HystrixEventType.SUCCESS))
                .isEqualTo(2);
        assertThat(metrics.getCumulativeCount(HystrixRollingNumberEvent.FAILURE)).isEqualTo(1);
        assertThat(metrics.getCumulativeCount(HystrixRollingNumberEvent.FALLBACK_SUCCESS)).isEqualTo(1);
        assertThat(metrics.getRollingCount(HystrixRollingNumberEvent.COMMAND_MAX_ACTIVE)).isEqualTo(metrics.getRollingMaxConcurrentExecutions());
        assertThat(metrics.getRollingCount(HystrixRollingNumberEvent.THREAD_EXECUTION)).as("not a command's event").isZero();
    }

    @Test
    void aThreadPoolsRollingNumberEventsReadItsExecutionsAndRejections() {
        new HystrixCommand<String>(HystrixCommandGroupKey.Factory.asKey("Pooled")) {
            @Override
            protected String run() {
                return "ok";
            }
        }.execute();
        HystrixThreadPoolMetrics pool = HystrixThreadPoolMetrics.getInstance(HystrixThreadPoolKey.Factory.asKey("Pooled"));
        // execute() returns when the command settles on the pool thread, which counts its task just after
        for (int spins = 0; spins < 100_000_000 && pool.getCurrentCompletedTaskCount().longValue() < 1; spins++) {
            Thread.onSpinWait();
        }
        assertThat(pool.getCurrentCompletedTaskCount().longValue()).as("the pool counted its task").isEqualTo(1);
        assertThat(pool.getRollingCount(HystrixRollingNumberEvent.THREAD_EXECUTION))
                .isEqualTo(pool.getRollingCount(HystrixEventType.ThreadPool.EXECUTED)).isEqualTo(pool.getRollingCountThreadsExecuted());
        assertThat(pool.getRollingCount(HystrixEventType.ThreadPool.REJECTED)).isZero();
        assertThat(pool.getCumulativeCountThreadsExecuted()).isEqualTo(pool.getCurrentCompletedTaskCount().longValue());
        assertThat(pool.getRollingCount(HystrixRollingNumberEvent.THREAD_MAX_ACTIVE)).isEqualTo(pool.getRollingMaxActiveThreads());
        assertThatThrownBy(() -> pool.getRollingCount(HystrixRollingNumberEvent.SUCCESS)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void theRegisteredPublisherIsAskedOncePerCollapserKey() {
        List<String> asked = new CopyOnWriteArrayList<>();
        List<String> initialized = new CopyOnWriteArrayList<>();
        HystrixPlugins.getInstance().registerMetricsPublisher(new HystrixMetricsPublisher() {
            @Override
            public HystrixMetricsPublisherCollapser getMetricsPublisherForCollapser(HystrixCollapserKey collapserKey,
                    HystrixCollapserMetrics metrics, HystrixCollapserProperties properties) {
                asked.add(collapserKey.name() + ":" + metrics.getCollapserKey().name());
                return () -> initialized.add(collapserKey.name());
            }
        });
        new CollapserMetricsTest.Echo("Published", 1, false);
        new CollapserMetricsTest.Echo("Published", 2, false);
        assertThat(asked).containsExactly("Published:Published");
        assertThat(initialized).containsExactly("Published");
    }
}
