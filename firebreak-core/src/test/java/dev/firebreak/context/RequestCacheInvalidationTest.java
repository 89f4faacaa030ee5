package dev.firebreak.context;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class RequestCacheInvalidationTest {

    @Test
    void anInvalidatedKeyStartsANewCallWhileOtherKeysStayCached() {
        try (RequestContext context = RequestContext.open()) {
            AtomicInteger starts = new AtomicInteger();
            RequestCache cache = context.cache();
            CacheLookup<Integer> first = cache.lookup("getter", 1, () -> CompletableFuture.completedFuture(starts.incrementAndGet()));
            cache.lookup("getter", 2, () -> CompletableFuture.completedFuture(starts.incrementAndGet()));

            assertThat(cache.invalidate("getter", 1)).isTrue();
            assertThat(cache.invalidate("getter", 1)).isFalse();
            assertThat(cache.invalidate("other", 2)).isFalse();

            CacheLookup<Integer> again = cache.lookup("getter", 1, () -> CompletableFuture.completedFuture(starts.incrementAndGet()));
            CacheLookup<Integer> kept = cache.lookup("getter", 2, () -> CompletableFuture.completedFuture(starts.incrementAndGet()));
            assertThat(again.hit()).isFalse();
            assertThat(again.future().join()).isEqualTo(3);
            assertThat(first.future().join()).isEqualTo(1);
            assertThat(kept.hit()).isTrue();
            assertThat(starts).hasValue(3);
        }
    }
}
