package com.netflix.hystrix.metric;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.netflix.hystrix.HystrixCollapserKey;
import com.netflix.hystrix.HystrixEventType;
import org.junit.jupiter.api.Test;
import rx.observers.TestSubscriber;

class CollapserEventStreamTest {

    private static HystrixCollapserEvent batch(String key, int size) {
        return HystrixCollapserEvent.from(HystrixCollapserKey.Factory.asKey(key), HystrixEventType.Collapser.ADDED_TO_BATCH, size);
    }

    @Test
    void eachStreamHearsItsOwnKeyAndAResetDeafensNobody() {
        HystrixCollapserKey a = HystrixCollapserKey.Factory.asKey("StreamA");
        TestSubscriber<HystrixCollapserEvent> heard = new TestSubscriber<>();
        HystrixCollapserEventStream.getInstance(a).observe().subscribe(heard);

        HystrixCollapserEventStream.getInstance(a).write(batch("StreamA", 3));
        HystrixCollapserEventStream.getInstance(HystrixCollapserKey.Factory.asKey("StreamB")).write(batch("StreamB", 9));
        HystrixCollapserEventStream.reset();
        HystrixCollapserEventStream.getInstance(a).write(batch("StreamA", 4)); // a new instance after the reset

        assertThat(heard.getOnNextEvents()).extracting(HystrixCollapserEvent::getCount).containsExactly(3, 4);
    }

    @Test
    void anEventOfAnotherKeyOrANegativeCountIsRefused() {
        HystrixCollapserEventStream a = HystrixCollapserEventStream.getInstance(HystrixCollapserKey.Factory.asKey("StreamC"));
        assertThatThrownBy(() -> a.write(batch("StreamD", 1))).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("StreamD");
        assertThatThrownBy(() -> batch("StreamC", -1)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("-1");
    }
}
