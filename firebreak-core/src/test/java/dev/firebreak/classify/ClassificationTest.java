package dev.firebreak.classify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.Guard;
import dev.firebreak.GuardException;
import dev.firebreak.GuardRegistry;
import dev.firebreak.Isolation;
import dev.firebreak.breaker.CircuitState;
import dev.firebreak.event.EventType;
import dev.firebreak.isolation.IsolationStrategy;
import dev.firebreak.isolation.ThreadPoolConfig;
import dev.firebreak.metrics.EventCounts;
import dev.firebreak.support.CallMode;
import dev.firebreak.support.CallerKind;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * One verdict per attempt, agreed by the metrics, the breaker and the fallback, on every isolation and
 * in every call mode: an ignored exception reaches the caller untouched (BAD_REQUEST, no fallback, the
 * breaker stays closed), a failing result is a FAILURE that runs the fallback and opens the breaker.
 */
class ClassificationTest {

    /** A response whose status the classification reads. */
    record Response(int status) {
    }

    private final GuardRegistry registry = GuardRegistry.builder().build();

    @AfterEach
    void close() {
        registry.close();
    }

    static Stream<Arguments> everyIsolationAndMode() {
        List<Arguments> cases = new ArrayList<>();
        for (IsolationStrategy isolation : IsolationStrategy.values()) {
            for (CallMode mode : CallMode.values()) {
                cases.add(Arguments.of(isolation, mode));
            }
        }
        return cases.stream();
    }

    private Guard guard(IsolationStrategy isolation) {
        Isolation bounded = switch (isolation) {
            case SEMAPHORE -> Isolation.semaphore(10);
            case VIRTUAL -> Isolation.virtualThreads(10);
            case THREAD -> Isolation.threadPool(ThreadPoolConfig.builder().coreSize(4).build());
        };
        return registry.guard("classified-" + isolation).pool("classified-" + isolation).isolation(bounded)
                .timeout(Duration.ofSeconds(30))
                .configure(c -> c.breaker(b -> b.requestVolumeThreshold(3).errorThresholdPercentage(50)))
                .classify(Classifier.builder().ignore(IllegalArgumentException.class)
                        .failWhen(r -> r instanceof Response response && response.status() >= 500).build())
                .build();
    }

    private static long count(Guard guard, EventType type) {
        EventCounts counts = guard.controls().metrics().snapshot().cumulative();
        return counts.get(type);
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("everyIsolationAndMode")
    void ignoredExceptionsPassThroughUncountedWithoutFallback(IsolationStrategy isolation, CallMode mode)
            throws Exception {
        Guard guard = guard(isolation);
        AtomicInteger fallbacks = new AtomicInteger();
        for (int i = 0; i < 5; i++) {
            CompletableFuture<Response> outcome = mode.call(CallerKind.PLATFORM, guard, () -> {
                throw new IllegalArgumentException("bad id");
            }, failure -> {
                fallbacks.incrementAndGet();
                return new Response(0);
            });
            assertThat(outcome).failsWithin(Duration.ofSeconds(20)).withThrowableOfType(ExecutionException.class)
                    .havingCause().isInstanceOf(IllegalArgumentException.class).withMessage("bad id");
        }
        assertThat(fallbacks).as("no fallback for an ignored exception").hasValue(0);
        assertThat(count(guard, EventType.BAD_REQUEST)).isEqualTo(5);
        assertThat(count(guard, EventType.FAILURE)).isZero();
        assertThat(guard.controls().circuitBreaker().state())
                .isEqualTo(CircuitState.CLOSED);
        assertThat(guard.controls().permitsInFlight()).isZero();
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("everyIsolationAndMode")
    void failingResultsAreFailuresThatRunTheFallbackAndOpenTheBreaker(IsolationStrategy isolation, CallMode mode)
            throws Exception {
        Guard guard = guard(isolation);
        List<Object> seenByFallback = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            Response answer = mode.call(CallerKind.PLATFORM, guard, () -> new Response(503), failure -> {
                synchronized (seenByFallback) {
                    seenByFallback.add(failure.event() + " " + ((FailedResultException) failure.getCause()).result());
                }
                return new Response(200);
            }).get(20, TimeUnit.SECONDS);
            assertThat(answer).isEqualTo(new Response(200));
        }
        assertThat(seenByFallback).containsOnly("FAILURE Response[status=503]").hasSize(3);
        assertThat(count(guard, EventType.FAILURE)).isEqualTo(3);
        assertThat(count(guard, EventType.FALLBACK_SUCCESS)).isEqualTo(3);
        assertThat(count(guard, EventType.SUCCESS)).isZero();
        assertThat(guard.controls().circuitBreaker().state())
                .as("3 failures of 3 >= 50 %").isEqualTo(CircuitState.OPEN);
        assertThat(mode.call(CallerKind.PLATFORM, guard, () -> new Response(200), failure -> {
            assertThat(failure).isInstanceOf(GuardException.class);
            return new Response(-1);
        }).get(20, TimeUnit.SECONDS)).as("short-circuited").isEqualTo(new Response(-1));
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("everyIsolationAndMode")
    void aGoodResultAndOtherExceptionsAreUnchanged(IsolationStrategy isolation, CallMode mode) throws Exception {
        Guard guard = guard(isolation);
        assertThat(mode.call(CallerKind.PLATFORM, guard, () -> new Response(200), failure -> null)
                .get(20, TimeUnit.SECONDS)).isEqualTo(new Response(200));
        assertThat(mode.call(CallerKind.PLATFORM, guard, () -> {
            throw new IllegalStateException("down");
        }, failure -> new Response(1)).get(20, TimeUnit.SECONDS)).isEqualTo(new Response(1));
        assertThat(count(guard, EventType.SUCCESS)).isEqualTo(1);
        assertThat(count(guard, EventType.FAILURE)).isEqualTo(1);
    }
}
