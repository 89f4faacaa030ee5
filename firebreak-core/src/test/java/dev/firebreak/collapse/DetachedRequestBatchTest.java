package dev.firebreak.collapse;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.context.RequestContext;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/** RequestContext.detach on a collapser: a new REQUEST-scoped batch in the same request. */
class DetachedRequestBatchTest {

    private final CollapserFixture f = new CollapserFixture();

    @Test
    void requestsAfterADetachGatherInANewBatchAndTheOldOneStillLeaves() {
        Collapser<Integer, String> c = f.builder("detached").scope(Scope.REQUEST)
                .configure(cfg -> cfg.dispatchStrategy(DispatchStrategy.TIMER)).build();
        CompletableFuture<String> before;
        CompletableFuture<String> after;
        try (RequestContext ctx = RequestContext.open()) {
            before = c.submit(1);
            c.submit(2);
            assertThat(ctx.detach(c)).isTrue();
            assertThat(ctx.detach(c)).as("nothing attached any more").isFalse();
            after = c.submit(3);
        }
        f.advanceMillis(10);
        assertThat(f.downstream.batches()).containsExactlyInAnyOrder(List.of(1, 2), List.of(3));
        f.answer(0);
        f.answer(1);
        assertThat(before).isCompleted();
        assertThat(after).isCompleted();
    }
}
