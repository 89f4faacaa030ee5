package dev.firebreak.collapse;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.context.RequestContext;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.IntConsumer;
import org.junit.jupiter.api.Test;

/** The cache-hit listeners the Hystrix bridge counts RESPONSE_FROM_CACHE from. */
class CacheHitListenerTest {

    private final CollapserFixture f = new CollapserFixture();

    @Test
    void eachRequestAnsweredFromTheCacheIsToldWhenItCompletesAndAThrowingListenerBreaksNothing() {
        Collapser<Integer, String> c = f.builder("hits").cacheKey(a -> a)
                .configure(cfg -> cfg.dispatchStrategy(DispatchStrategy.TIMER)).build();
        List<Integer> hits = new CopyOnWriteArrayList<>();
        IntConsumer throwing = n -> {
            throw new IllegalStateException("a broken listener");
        };
        c.metrics().addCacheHitListener(throwing);
        c.metrics().addCacheHitListener(hits::add);
        CompletableFuture<String> second;
        try (RequestContext ctx = RequestContext.open()) {
            c.submit(7);
            second = c.submit(7); // from the cache
            c.submit(7); // from the cache
            c.submit(8);
        }
        f.advanceMillis(10);
        assertThat(hits).as("not before the shared request completes").isEmpty();
        f.answer(0);
        assertThat(second).isCompletedWithValue("v7");
        assertThat(hits).containsExactly(1, 1);

        c.metrics().removeCacheHitListener(hits::add); // another instance: removes nothing
        c.metrics().removeCacheHitListener(throwing);
        try (RequestContext ctx = RequestContext.open()) {
            c.submit(9);
            c.submit(9);
        }
        f.advanceMillis(10);
        f.answer(1);
        assertThat(hits).containsExactly(1, 1, 1);
    }
}
