package dev.firebreak;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.firebreak.event.EventType;
import dev.firebreak.isolation.IsolationStrategy;
import dev.firebreak.isolation.ThreadPoolConfig;
import dev.firebreak.support.CallMode;
import dev.firebreak.support.CallerKind;
import dev.firebreak.support.GuardFixture;
import dev.firebreak.testkit.Gate;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/** Each isolation runs exactly its bound and rejects the next call with its own event, in every mode. */
@ExtendWith(GuardFixture.Extension.class)
class IsolationBoundTest {

    private static final int BOUND = 3;

    @ParameterizedTest(name = "{0} {1} from {2} threads")
    @MethodSource("dev.firebreak.IsolationMatrix#all")
    void exactlyTheBoundRunsAndTheNextIsRejected(IsolationStrategy isolation, CallMode mode, CallerKind caller,
            GuardFixture fixture) throws Exception {
        Guard guard = fixture.guard("bounded").isolation(IsolationMatrix.bounded(isolation, BOUND)).build();
        Gate gate = new Gate();
        List<CompletableFuture<String>> admitted = new ArrayList<>();
        for (int i = 0; i < BOUND; i++) {
            admitted.add(mode.call(caller, guard, gate.call("ok-" + i), null));
        }
        gate.awaitEntered(BOUND);
        assertThat(guard.controls().permitsInFlight()).isEqualTo(BOUND);

        CompletableFuture<String> extra = mode.call(caller, guard, gate.call("extra"), null);
        assertThatThrownBy(() -> extra.get(20, TimeUnit.SECONDS))
                .isInstanceOf(ExecutionException.class)
                .cause().isInstanceOfSatisfying(RejectedException.class, rejected -> {
                    assertThat(rejected.event()).isEqualTo(IsolationMatrix.rejection(isolation));
                    assertThat(rejected.guard()).isEqualTo("bounded");
                    assertThat(rejected.fallbackEvent()).isEqualTo(EventType.FALLBACK_MISSING);
                });
        assertThat(gate.entered()).as("the rejected call never ran").isEqualTo(BOUND);

        gate.open();
        for (int i = 0; i < BOUND; i++) {
            assertThat(admitted.get(i).get(20, TimeUnit.SECONDS)).isEqualTo("ok-" + i);
        }
        fixture.awaitCalls(BOUND + 1);
        assertThat(fixture.count(EventType.SUCCESS)).isEqualTo(BOUND);
        assertThat(fixture.count(IsolationMatrix.rejection(isolation))).isEqualTo(1);
        assertThat(gate.maxInside()).isEqualTo(BOUND);
        assertThat(guard.controls().peakPermitsInFlight()).isEqualTo(BOUND);
    }

    @ParameterizedTest(name = "{0} {1} from {2} threads")
    @MethodSource("dev.firebreak.IsolationMatrix#all")
    void aRejectedCallGetsItsFallback(IsolationStrategy isolation, CallMode mode, CallerKind caller,
            GuardFixture fixture) throws Exception {
        Guard guard = fixture.guard("bounded").isolation(IsolationMatrix.bounded(isolation, 1)).build();
        Gate gate = new Gate();
        CompletableFuture<String> first = mode.call(caller, guard, gate.call("ran"), null);
        gate.awaitEntered(1);

        CompletableFuture<String> second = mode.call(caller, guard, gate.call("never"),
                failure -> "fallback:" + failure.event());

        assertThat(second.get(20, TimeUnit.SECONDS)).isEqualTo("fallback:" + IsolationMatrix.rejection(isolation));
        gate.open();
        assertThat(first.get(20, TimeUnit.SECONDS)).isEqualTo("ran");
        fixture.awaitCalls(2);
        assertThat(fixture.count(EventType.FALLBACK_SUCCESS)).isEqualTo(1);
        assertThat(fixture.count(EventType.EXCEPTION_THROWN)).isZero();
    }

    @ParameterizedTest(name = "{0} from {1} threads")
    @MethodSource("queueModes")
    void theQueueThresholdBoundsTheQueueAndChangesLive(CallMode mode, CallerKind caller, GuardFixture fixture)
            throws Exception {
        ThreadPoolConfig pool = ThreadPoolConfig.builder().coreSize(2).maxQueueSize(10).queueSizeRejectionThreshold(1).build();
        Guard guard = fixture.guard("queued").isolation(Isolation.threadPool(pool)).build();
        Gate gate = new Gate();
        List<CompletableFuture<String>> admitted = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            admitted.add(mode.call(caller, guard, gate.call("v" + i), null));
        }
        gate.awaitEntered(2);
        dev.firebreak.testkit.Await.until("one call queued", () -> guard.controls().threadPool().queueSize() == 1);
        assertRejected(mode.call(caller, guard, gate.call("over"), null));

        assertThat(guard.controls().threadPool().reconfigure(pool.toBuilder().queueSizeRejectionThreshold(3).build())).isTrue();
        for (int i = 3; i < 5; i++) {
            admitted.add(mode.call(caller, guard, gate.call("v" + i), null));
        }
        dev.firebreak.testkit.Await.until("three calls queued", () -> guard.controls().threadPool().queueSize() == 3);
        assertRejected(mode.call(caller, guard, gate.call("over"), null));
        assertThat(guard.controls().threadPool().admitted()).isEqualTo(5);

        gate.open();
        for (int i = 0; i < admitted.size(); i++) {
            assertThat(admitted.get(i).get(20, TimeUnit.SECONDS)).isEqualTo("v" + i);
        }
        fixture.awaitCalls(7);
        assertThat(fixture.count(EventType.THREAD_POOL_REJECTED)).isEqualTo(2);
        assertThat(gate.maxInside()).isEqualTo(2);
    }

    @ParameterizedTest
    @EnumSource(CallerKind.class)
    void aPoolGrowsToMaximumSizeBeforeAnythingQueues(CallerKind caller, GuardFixture fixture) throws Exception {
        ThreadPoolConfig pool = ThreadPoolConfig.builder().coreSize(1).maximumSize(3)
                .allowMaximumSizeToDivergeFromCoreSize(true).maxQueueSize(5).queueSizeRejectionThreshold(2).build();
        Guard guard = fixture.guard("growing").isolation(Isolation.threadPool(pool)).build();
        Gate gate = new Gate();
        List<CompletableFuture<String>> admitted = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            admitted.add(CallMode.SUBMIT.call(caller, guard, gate.call("v" + i), null));
        }
        gate.awaitEntered(3);
        dev.firebreak.testkit.Await.until("two calls queued", () -> guard.controls().threadPool().queueSize() == 2);
        assertThat(guard.controls().threadPool().poolSize()).isEqualTo(3);
        assertRejected(CallMode.SUBMIT.call(caller, guard, gate.call("over"), null));
        gate.open();
        for (CompletableFuture<String> future : admitted) {
            assertThat(future.get(20, TimeUnit.SECONDS)).startsWith("v");
        }
        fixture.awaitCalls(6);
    }

    static List<org.junit.jupiter.params.provider.Arguments> queueModes() {
        List<org.junit.jupiter.params.provider.Arguments> cases = new ArrayList<>();
        for (CallMode mode : List.of(CallMode.EXECUTE, CallMode.SUBMIT)) {
            for (CallerKind caller : CallerKind.values()) {
                cases.add(org.junit.jupiter.params.provider.Arguments.of(mode, caller));
            }
        }
        return cases;
    }

    private static void assertRejected(CompletableFuture<String> call) {
        assertThatThrownBy(() -> call.get(20, TimeUnit.SECONDS))
                .cause().isInstanceOfSatisfying(RejectedException.class,
                        rejected -> assertThat(rejected.event()).isEqualTo(EventType.THREAD_POOL_REJECTED));
    }
}
