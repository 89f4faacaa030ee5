package dev.firebreak;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.firebreak.event.EventType;
import dev.firebreak.isolation.IsolationStrategy;
import dev.firebreak.support.CallMode;
import dev.firebreak.support.CallerKind;
import dev.firebreak.support.GuardFixture;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Failures, fallbacks, the fallback limit and bad requests, in every isolation, mode and caller kind. */
@ExtendWith(GuardFixture.Extension.class)
class FallbackAndFailureTest {

    @ParameterizedTest(name = "{0} {1} from {2} threads")
    @MethodSource("dev.firebreak.IsolationMatrix#all")
    void aFailureWithoutFallbackSaysWhatFailedWithItsCause(IsolationStrategy isolation, CallMode mode,
            CallerKind caller, GuardFixture fixture) {
        Guard guard = fixture.guard("failing").isolation(IsolationMatrix.bounded(isolation, 2)).build();
        IOException boom = new IOException("connection reset");

        CompletableFuture<String> outcome = mode.call(caller, guard, () -> {
            throw boom;
        }, null);

        assertThatThrownBy(() -> outcome.get(20, TimeUnit.SECONDS))
                .cause().isInstanceOfSatisfying(CallFailedException.class, failed -> {
                    assertThat(failed.getCause()).isSameAs(boom);
                    assertThat(failed.event()).isEqualTo(EventType.FAILURE);
                    assertThat(failed.fallbackEvent()).isEqualTo(EventType.FALLBACK_MISSING);
                    assertThat(failed.getMessage()).contains("failing", "connection reset", "FALLBACK_MISSING");
                });
        fixture.awaitCalls(1);
        assertThat(fixture.events()).containsExactly(
                EventType.FAILURE.bit() | EventType.FALLBACK_MISSING.bit() | EventType.EXCEPTION_THROWN.bit());
    }

    @ParameterizedTest(name = "{0} {1} from {2} threads")
    @MethodSource("dev.firebreak.IsolationMatrix#all")
    void aFailingFallbackCarriesBothCauses(IsolationStrategy isolation, CallMode mode, CallerKind caller,
            GuardFixture fixture) {
        Guard guard = fixture.guard("doubly-failing").isolation(IsolationMatrix.bounded(isolation, 2)).build();
        IllegalStateException primary = new IllegalStateException("primary");
        IllegalArgumentException secondary = new IllegalArgumentException("fallback broke");

        CompletableFuture<String> outcome = mode.call(caller, guard, () -> {
            throw primary;
        }, failure -> {
            throw secondary;
        });

        assertThatThrownBy(() -> outcome.get(20, TimeUnit.SECONDS))
                .cause().isInstanceOfSatisfying(CallFailedException.class, failed -> {
                    assertThat(failed.getCause()).isSameAs(primary);
                    assertThat(failed.fallbackFailure()).isSameAs(secondary);
                    assertThat(failed.fallbackEvent()).isEqualTo(EventType.FALLBACK_FAILURE);
                    assertThat(failed.getSuppressed()).containsExactly(secondary);
                });
        fixture.awaitCalls(1);
        assertThat(fixture.count(EventType.FALLBACK_FAILURE)).isEqualTo(1);
        assertThat(fixture.count(EventType.EXCEPTION_THROWN)).isEqualTo(1);
    }

    @ParameterizedTest(name = "{0} {1} from {2} threads")
    @MethodSource("dev.firebreak.IsolationMatrix#all")
    void aFallbackRefusedByABoundOfItsOwnEndsAsAFallbackRejection(IsolationStrategy isolation, CallMode mode, CallerKind caller,
            GuardFixture fixture) {
        Guard guard = fixture.guard("own-fallback-bound").isolation(IsolationMatrix.bounded(isolation, 2)).build();
        IllegalStateException primary = new IllegalStateException("primary");
        FallbackRejectedException refused = new FallbackRejectedException("the fallback's own semaphore is full");

        CompletableFuture<String> outcome = mode.call(caller, guard, () -> {
            throw primary;
        }, failure -> {
            throw refused;
        });

        assertThatThrownBy(() -> outcome.get(20, TimeUnit.SECONDS))
                .cause().isInstanceOfSatisfying(CallFailedException.class, failed -> {
                    assertThat(failed.getCause()).isSameAs(primary);
                    assertThat(failed.fallbackEvent()).isEqualTo(EventType.FALLBACK_REJECTION);
                    assertThat(failed.fallbackFailure()).isSameAs(refused);
                });
        fixture.awaitCalls(1);
        assertThat(fixture.count(EventType.FALLBACK_REJECTION)).isEqualTo(1);
    }

    @ParameterizedTest(name = "{0} {1} from {2} threads")
    @MethodSource("dev.firebreak.IsolationMatrix#all")
    void aFallbackThatHasNoneEndsTheCallAsWithoutFallback(IsolationStrategy isolation, CallMode mode, CallerKind caller,
            GuardFixture fixture) {
        Guard guard = fixture.guard("sometimes-covered").isolation(IsolationMatrix.bounded(isolation, 2)).build();
        IllegalStateException primary = new IllegalStateException("primary");
        NoFallbackException none = new NoFallbackException("nothing to give for this failure");

        CompletableFuture<String> outcome = mode.call(caller, guard, () -> {
            throw primary;
        }, failure -> {
            throw none;
        });

        assertThatThrownBy(() -> outcome.get(20, TimeUnit.SECONDS))
                .cause().isInstanceOfSatisfying(CallFailedException.class, failed -> {
                    assertThat(failed.getCause()).isSameAs(primary);
                    assertThat(failed.fallbackEvent()).isEqualTo(EventType.FALLBACK_MISSING);
                    assertThat(failed.fallbackFailure()).isSameAs(none);
                });
        fixture.awaitCalls(1);
        assertThat(fixture.events()).containsExactly(
                EventType.FAILURE.bit() | EventType.FALLBACK_MISSING.bit() | EventType.EXCEPTION_THROWN.bit());
    }

    @ParameterizedTest(name = "{0} {1} from {2} threads")
    @MethodSource("dev.firebreak.IsolationMatrix#all")
    void aBadRequestPassesStraightThroughWithoutFallbackOrFailureCount(IsolationStrategy isolation, CallMode mode,
            CallerKind caller, GuardFixture fixture) {
        Guard guard = fixture.guard("strict").isolation(IsolationMatrix.bounded(isolation, 2)).build();
        BadRequestException bad = new BadRequestException("id must be positive");
        AtomicInteger fallbacks = new AtomicInteger();

        CompletableFuture<String> outcome = mode.call(caller, guard, () -> {
            throw bad;
        }, failure -> "fallback " + fallbacks.incrementAndGet());

        assertThatThrownBy(() -> outcome.get(20, TimeUnit.SECONDS)).cause().isSameAs(bad);
        fixture.awaitCalls(1);
        assertThat(fallbacks).hasValue(0);
        assertThat(fixture.events()).containsExactly(EventType.BAD_REQUEST.bit() | EventType.EXCEPTION_THROWN.bit());
        assertThat(guard.controls().metrics().cumulativeCount(EventType.FAILURE)).isZero();
    }

    @ParameterizedTest(name = "{0} {1} from {2} threads")
    @MethodSource("dev.firebreak.IsolationMatrix#all")
    void theFallbackLimitRejectsTheFallbackBeyondIt(IsolationStrategy isolation, CallMode mode, CallerKind caller,
            GuardFixture fixture) throws Exception {
        int limit = 2;
        Guard guard = fixture.guard("fallback-bound").isolation(IsolationMatrix.bounded(isolation, 10))
                .configure(c -> c.fallback(fb -> fb.maxConcurrentRequests(limit))).build();
        CountDownLatch release = new CountDownLatch(1);
        CountDownLatch fallbacksEntered = new CountDownLatch(limit);
        Fallback<String> slowFallback = failure -> {
            fallbacksEntered.countDown();
            release.await();
            return "fallback";
        };
        List<CompletableFuture<String>> held = new ArrayList<>();
        for (int i = 0; i < limit; i++) {
            held.add(mode.call(caller, guard, () -> {
                throw new IOException("down");
            }, slowFallback));
        }
        assertThat(fallbacksEntered.await(20, TimeUnit.SECONDS)).isTrue();
        assertThat(guard.controls().fallbacksInFlight()).isEqualTo(limit);

        CompletableFuture<String> beyond = mode.call(caller, guard, () -> {
            throw new IOException("down");
        }, slowFallback);

        assertThatThrownBy(() -> beyond.get(20, TimeUnit.SECONDS))
                .isInstanceOf(ExecutionException.class)
                .cause().isInstanceOfSatisfying(CallFailedException.class,
                        failed -> assertThat(failed.fallbackEvent()).isEqualTo(EventType.FALLBACK_REJECTION));
        release.countDown();
        for (CompletableFuture<String> future : held) {
            assertThat(future.get(20, TimeUnit.SECONDS)).isEqualTo("fallback");
        }
        fixture.awaitCalls(limit + 1);
        assertThat(fixture.count(EventType.FALLBACK_REJECTION)).isEqualTo(1);
        assertThat(fixture.count(EventType.FALLBACK_SUCCESS)).isEqualTo(limit);
    }

    @ParameterizedTest(name = "{0} {1} from {2} threads")
    @MethodSource("dev.firebreak.IsolationMatrix#all")
    void aDisabledFallbackIsNotCalled(IsolationStrategy isolation, CallMode mode, CallerKind caller,
            GuardFixture fixture) {
        Guard guard = fixture.guard("no-fallback").isolation(IsolationMatrix.bounded(isolation, 2))
                .configure(c -> c.fallback(fb -> fb.enabled(false))).build();
        AtomicInteger fallbacks = new AtomicInteger();

        CompletableFuture<String> outcome = mode.call(caller, guard, () -> {
            throw new IOException("down");
        }, failure -> "fallback " + fallbacks.incrementAndGet());

        assertThatThrownBy(() -> outcome.get(20, TimeUnit.SECONDS))
                .cause().isInstanceOfSatisfying(CallFailedException.class,
                        failed -> assertThat(failed.fallbackEvent()).isEqualTo(EventType.FALLBACK_DISABLED));
        assertThat(fallbacks).hasValue(0);
    }

    @ParameterizedTest(name = "{0} {1} from {2} threads")
    @MethodSource("dev.firebreak.IsolationMatrix#all")
    void aSuccessReportsItsLatenciesFromTheManualClock(IsolationStrategy isolation, CallMode mode, CallerKind caller,
            GuardFixture fixture) throws Exception {
        Guard guard = fixture.guard("timed").isolation(IsolationMatrix.bounded(isolation, 2)).build();
        List<long[]> latencies = new java.util.concurrent.CopyOnWriteArrayList<>();
        guard.controls().addListener((name, events, execution, total) -> latencies.add(new long[] {execution, total}));

        CompletableFuture<String> outcome = mode.call(caller, guard, () -> {
            fixture.clock().advance(250_000_000L); // the dependency takes 250 ms of manual time
            return "value";
        }, null);

        assertThat(outcome.get(20, TimeUnit.SECONDS)).isEqualTo("value");
        fixture.awaitCalls(1);
        assertThat(latencies).singleElement().satisfies(l -> {
            assertThat(l[0]).isEqualTo(250_000_000L);
            assertThat(l[1]).isEqualTo(250_000_000L);
        });
        assertThat(fixture.events()).containsExactly(EventType.SUCCESS.bit());
    }
}
