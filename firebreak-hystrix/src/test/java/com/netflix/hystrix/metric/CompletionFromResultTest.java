package com.netflix.hystrix.metric;

import static org.assertj.core.api.Assertions.assertThat;

import com.netflix.hystrix.ExecutionResult;
import com.netflix.hystrix.HystrixCommandKey;
import com.netflix.hystrix.HystrixEventType;
import com.netflix.hystrix.HystrixThreadPoolKey;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link ExecutionResult} as a value, and a completion written from one. */
class CompletionFromResultTest {

    private static final HystrixCommandKey KEY = HystrixCommandKey.Factory.asKey("FromResult");
    private static final HystrixThreadPoolKey POOL = HystrixThreadPoolKey.Factory.asKey("FromResultPool");

    @Test
    void aResultIsAnImmutableValue() {
        ExecutionResult start = ExecutionResult.from(HystrixEventType.EMIT);
        ExecutionResult done = start.addEvent(HystrixEventType.EMIT).addEvent(12, HystrixEventType.SUCCESS)
                .setExecutedInThread().setExecutionOccurred();

        assertThat(start.getEventCounts().getCount(HystrixEventType.EMIT)).isEqualTo(1); // unchanged
        assertThat(start.isExecutedInThread()).isFalse();
        assertThat(start.getExecutionLatency()).isEqualTo(-1);
        assertThat(done.getEventCounts().getCount(HystrixEventType.EMIT)).isEqualTo(2);
        assertThat(done.getOrderedList()).containsExactly(HystrixEventType.EMIT, HystrixEventType.SUCCESS);
        assertThat(done.getExecutionLatency()).isEqualTo(12);
        assertThat(done.isExecutedInThread()).isTrue();
        assertThat(done.executionOccurred()).isTrue();
        assertThat(done.getEventCounts()).isEqualTo(ExecutionResult.from(HystrixEventType.EMIT, HystrixEventType.EMIT,
                HystrixEventType.SUCCESS).getEventCounts());
        assertThat(done.getEventCounts().toString()).isEqualTo("EventCounts[EMITx2, SUCCESS]");
    }

    @Test
    void rejectionsAndExceptionsAreRead() {
        RuntimeException thrown = new RuntimeException("run failed");
        ExecutionResult rejected = ExecutionResult.from(HystrixEventType.SEMAPHORE_REJECTED, HystrixEventType.FALLBACK_SUCCESS)
                .setException(thrown).setExecutionException(thrown);
        assertThat(rejected.isResponseSemaphoreRejected()).isTrue();
        assertThat(rejected.isResponseThreadPoolRejected()).isFalse();
        assertThat(rejected.isResponseRejected()).isTrue();
        assertThat(rejected.getException()).isSameAs(thrown);
        assertThat(rejected.getExecutionException()).isSameAs(thrown);
        assertThat(rejected.setNotExecutedInThread().isExecutedInThread()).isFalse();
    }

    @Test
    void aCompletionFromAResultReachesTheKeysStream() {
        ExecutionResult result = ExecutionResult.from(HystrixEventType.FAILURE, HystrixEventType.FALLBACK_SUCCESS)
                .setExecutedInThread().setExecutionLatency(7);
        HystrixCommandCompletion completion = HystrixCommandCompletion.from(result, KEY, POOL);
        List<HystrixCommandCompletion> seen = new ArrayList<>();
        var subscription = HystrixCommandCompletionStream.getInstance(KEY).observe().subscribe(seen::add);
        try {
            new HystrixCommandCompletionStream(KEY).write(completion); // a second view writes to the same key
        } finally {
            subscription.unsubscribe();
        }

        assertThat(seen).containsExactly(completion);
        assertThat(completion.getEventCount(HystrixEventType.FAILURE)).isEqualTo(1);
        assertThat(completion.getEventCount(HystrixEventType.FALLBACK_SUCCESS)).isEqualTo(1);
        assertThat(completion.getEventCount(HystrixEventType.SUCCESS)).isZero();
        assertThat(completion.isExecutedInThread()).isTrue();
        assertThat(completion.getExecutionLatency()).isEqualTo(7);
        assertThat(completion.getThreadPoolKey().name()).isEqualTo("FromResultPool");
    }
}
