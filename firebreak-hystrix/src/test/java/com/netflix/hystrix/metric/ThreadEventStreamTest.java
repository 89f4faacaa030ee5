package com.netflix.hystrix.metric;

import static org.assertj.core.api.Assertions.assertThat;

import com.netflix.hystrix.ExecutionResult;
import com.netflix.hystrix.HystrixCommandKey;
import com.netflix.hystrix.HystrixCommandProperties.ExecutionIsolationStrategy;
import com.netflix.hystrix.HystrixEventType;
import com.netflix.hystrix.HystrixThreadPoolKey;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import rx.Subscription;

/** {@link HystrixThreadEventStream}: executions written by hand reach the key's and the pool's streams. */
class ThreadEventStreamTest {

    private static final HystrixCommandKey KEY = HystrixCommandKey.Factory.asKey("ByHand");
    private static final HystrixThreadPoolKey POOL = HystrixThreadPoolKey.Factory.asKey("ByHandPool");

    @Test
    void thePoolsStreamHearsOnlyRunsOnThePoolAndItsRefusals() {
        List<HystrixCommandCompletion> command = new ArrayList<>();
        List<HystrixCommandCompletion> pool = new ArrayList<>();
        Subscription a = HystrixCommandCompletionStream.getInstance(KEY).observe().subscribe(command::add);
        Subscription b = HystrixThreadPoolCompletionStream.getInstance(POOL).observe().subscribe(pool::add);
        try {
            HystrixThreadEventStream stream = HystrixThreadEventStream.getInstance();
            stream.executionDone(ExecutionResult.from(HystrixEventType.SUCCESS).setExecutedInThread(), KEY, POOL);
            stream.executionDone(ExecutionResult.from(HystrixEventType.SUCCESS), KEY, POOL); // on the caller's thread
            stream.executionDone(ExecutionResult.from(HystrixEventType.THREAD_POOL_REJECTED), KEY, POOL);
            stream.executionDone(ExecutionResult.from(HystrixEventType.SEMAPHORE_REJECTED), KEY, POOL);
        } finally {
            a.unsubscribe();
            b.unsubscribe();
        }
        assertThat(command).hasSize(4);
        assertThat(pool).extracting(c -> c.isExecutedInThread() || c.getEventCount(HystrixEventType.THREAD_POOL_REJECTED) > 0)
                .containsExactly(true, true);
        assertThat(pool.get(1).getEventCount(HystrixEventType.THREAD_POOL_REJECTED)).isEqualTo(1);
    }

    @Test
    void aStartReachesTheKeysStartStreamWithItsIsolation() {
        List<HystrixCommandExecutionStarted> started = new ArrayList<>();
        Subscription s = HystrixCommandStartStream.getInstance(KEY).observe().subscribe(started::add);
        try {
            HystrixThreadEventStream.getInstance().commandExecutionStarted(KEY, POOL, ExecutionIsolationStrategy.THREAD, 2);
            HystrixThreadEventStream.getInstance().commandExecutionStarted(KEY, POOL, ExecutionIsolationStrategy.SEMAPHORE, 1);
        } finally {
            s.unsubscribe();
        }
        assertThat(started).extracting(HystrixCommandExecutionStarted::isExecutedInThread).containsExactly(true, false);
        assertThat(started).extracting(HystrixCommandExecutionStarted::getCurrentConcurrency).containsExactly(2, 1);
    }

    @Test
    void eachThreadHasItsOwnStream() throws InterruptedException {
        HystrixThreadEventStream mine = HystrixThreadEventStream.getInstance();
        assertThat(HystrixThreadEventStream.getInstance()).isSameAs(mine);
        HystrixThreadEventStream[] other = new HystrixThreadEventStream[1];
        Thread t = new Thread(() -> other[0] = HystrixThreadEventStream.getInstance());
        t.start();
        t.join();
        assertThat(other[0]).isNotNull().isNotSameAs(mine);
        mine.shutdown();
        assertThat(HystrixThreadEventStream.getInstance()).isNotSameAs(mine);
    }
}
