package dev.firebreak.opentelemetry;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.BadRequestException;
import dev.firebreak.Fallback;
import dev.firebreak.Guard;
import dev.firebreak.GuardedCall;
import dev.firebreak.Isolation;
import dev.firebreak.isolation.ThreadPoolConfig;
import dev.firebreak.limit.LimitConfig;
import dev.firebreak.limit.LimitKind;
import dev.firebreak.ratelimit.RateLimitConfig;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.context.Scope;
import io.opentelemetry.sdk.trace.data.SpanData;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The span of one guarded call, for every outcome x isolation x call mode: a child of the caller's
 * span, its attributes, its status and exception events by the documented rule, current where the
 * user's code and the fallback run, and the caller's span back for continuations. Each call is made
 * on a caller thread of its own, under a "request" span, while the test drives the manual clock.
 */
class GuardSpanMatrixTest {

    enum Iso { SEMAPHORE, THREAD, VIRTUAL, ADAPTIVE }

    enum Mode { EXECUTE, SUBMIT, SUBMIT_ASYNC }

    enum Outcome { SUCCESS, FAILURE_FALLBACK, FAILURE, TIMEOUT_FALLBACK, BAD_REQUEST, SHORT_CIRCUITED, REJECTED, RATE_LIMITED }

    private final SpanRecorder rec = new SpanRecorder();
    private final AtomicReference<SpanContext> inCode = new AtomicReference<>();
    private final AtomicReference<SpanContext> inFallback = new AtomicReference<>();
    private final AtomicReference<SpanContext> inContinuation = new AtomicReference<>();
    private final CountDownLatch entered = new CountDownLatch(1);
    private final CountDownLatch release = new CountDownLatch(1);

    @AfterEach
    void close() {
        release.countDown();
        rec.close();
    }

    static Stream<Arguments> matrix() {
        List<Arguments> all = new ArrayList<>();
        for (Iso iso : Iso.values()) {
            for (Mode mode : Mode.values()) {
                for (Outcome outcome : Outcome.values()) {
                    all.add(Arguments.of(iso, mode, outcome));
                }
            }
        }
        return all.stream();
    }

    @ParameterizedTest(name = "{0} {1} {2}")
    @MethodSource("matrix")
    void theCallsSpanSaysWhatHappened(Iso iso, Mode mode, Outcome outcome) throws Exception {
        Guard guard = guard(iso, outcome);
        boolean onCaller = (iso == Iso.SEMAPHORE || iso == Iso.ADAPTIVE) && mode != Mode.SUBMIT_ASYNC;
        int extraSpans = prepare(guard, outcome);

        Span request = rec.request();
        CompletableFuture<Object> caller = new CompletableFuture<>();
        Thread callerThread = Thread.ofPlatform().name("caller").start(() -> {
            try (Scope scope = request.makeCurrent()) {
                caller.complete(invoke(guard, mode, outcome, onCaller));
            } catch (Throwable thrown) {
                caller.complete(thrown);
            }
        });
        if (outcome == Outcome.TIMEOUT_FALLBACK && !onCaller) {
            assertThat(entered.await(10, TimeUnit.SECONDS)).isTrue();
            rec.clock.advance(Duration.ofMillis(100)); // the deadline passes while the code runs
        }
        Object result = caller.get(10, TimeUnit.SECONDS);
        callerThread.join(10_000);
        request.end();
        release.countDown(); // a permit holder (REJECTED) ends now

        List<SpanData> spans = rec.spans(2 + extraSpans);
        SpanData requestSpan = SpanRecorder.only(spans, SpanRecorder.named("request"));
        SpanData span = SpanRecorder.only(spans, s -> s.getName().equals("g")
                && s.getParentSpanId().equals(requestSpan.getSpanId()));
        assertThat(span.getTraceId()).isEqualTo(requestSpan.getTraceId());
        assertThat(attr(span, SpanAttributes.GUARD)).isEqualTo("g");
        assertThat(attr(span, SpanAttributes.GROUP)).isEqualTo("grp");
        assertThat(attr(span, SpanAttributes.ISOLATION)).isEqualTo(iso == Iso.THREAD ? "thread"
                : iso == Iso.VIRTUAL ? "virtual" : "semaphore");
        assertThat(attr(span, SpanAttributes.POOL)).isEqualTo(iso == Iso.THREAD ? "grp" : null);
        assertThat(attr(span, SpanAttributes.LIMIT_ALGORITHM)).isEqualTo(iso == Iso.ADAPTIVE ? "aimd" : null);
        assertThat(attr(span, SpanAttributes.CALL_MODE)).isEqualTo(mode.name().toLowerCase());
        assertThat(attr(span, SpanAttributes.OUTCOME)).isEqualTo(expectedOutcome(iso, outcome));
        assertThat(attr(span, SpanAttributes.FALLBACK)).isEqualTo(switch (outcome) {
            case SUCCESS, BAD_REQUEST -> null;
            case FAILURE, RATE_LIMITED -> "missing";
            default -> "success";
        });
        boolean callerFails = outcome == Outcome.FAILURE || outcome == Outcome.BAD_REQUEST || outcome == Outcome.RATE_LIMITED;
        assertThat(result instanceof Throwable).as("the caller received an exception").isEqualTo(callerFails);
        assertThat(span.getStatus().getStatusCode()).isEqualTo(callerFails ? StatusCode.ERROR : StatusCode.UNSET);
        assertThat(attr(span, SpanAttributes.ERROR_TYPE) != null).isEqualTo(callerFails);
        boolean exceptionEvent = callerFails || outcome == Outcome.FAILURE_FALLBACK;
        assertThat(span.getEvents().stream().anyMatch(e -> e.getName().equals("exception"))).isEqualTo(exceptionEvent);

        SpanContext own = span.getSpanContext();
        boolean ran = outcome == Outcome.SUCCESS || outcome == Outcome.FAILURE || outcome == Outcome.FAILURE_FALLBACK
                || outcome == Outcome.TIMEOUT_FALLBACK || outcome == Outcome.BAD_REQUEST;
        assertThat(inCode.get()).as("current in the user's code").isEqualTo(ran ? own : null);
        boolean fellBack = attr(span, SpanAttributes.FALLBACK) != null && !"missing".equals(attr(span, SpanAttributes.FALLBACK));
        assertThat(inFallback.get()).as("current in the fallback").isEqualTo(fellBack ? own : null);
        if (mode != Mode.EXECUTE) {
            assertThat(inContinuation.get()).as("current in the caller's continuation").isEqualTo(requestSpan.getSpanContext());
        }
    }

    private Guard guard(Iso iso, Outcome outcome) {
        Guard.Builder b = rec.registry.guard("g").group("grp").timeout(Duration.ofMillis(100))
                .configure(c -> c.breaker(br -> br.forceOpen(outcome == Outcome.SHORT_CIRCUITED)));
        switch (iso) {
            case SEMAPHORE -> b.isolation(Isolation.semaphore(1));
            case THREAD -> b.isolation(Isolation.threadPool(ThreadPoolConfig.builder().coreSize(1).build()));
            case VIRTUAL -> b.isolation(Isolation.virtualThreads(1));
            case ADAPTIVE -> b.isolation(Isolation.semaphore(1)).adaptiveLimit(LimitConfig.builder()
                    .algorithm(LimitKind.AIMD).initialLimit(1).minLimit(1).maxLimit(1).build());
        }
        if (outcome == Outcome.RATE_LIMITED) {
            b.rateLimit(RateLimitConfig.builder().enabled(true).permitsPerSecond(1).burst(1).build());
        }
        return b.build();
    }

    /** Takes what the outcome needs before the call (a permit held, the rate permit spent); the extra spans that makes. */
    private int prepare(Guard guard, Outcome outcome) throws InterruptedException {
        if (outcome == Outcome.RATE_LIMITED) {
            guard.execute(() -> "spends the one permit");
            return 1;
        }
        if (outcome == Outcome.REJECTED) {
            CountDownLatch holding = new CountDownLatch(1);
            Thread.ofPlatform().name("permit-holder").start(() -> guard.execute(() -> {
                holding.countDown();
                release.await();
                return "held";
            }));
            assertThat(holding.await(10, TimeUnit.SECONDS)).isTrue();
            return 1;
        }
        return 0;
    }

    private Object invoke(Guard guard, Mode mode, Outcome outcome, boolean onCaller) throws Exception {
        GuardedCall<Object> code = () -> {
            inCode.set(Span.current().getSpanContext());
            return switch (outcome) {
                case FAILURE, FAILURE_FALLBACK -> throw new IllegalStateException("down");
                case BAD_REQUEST -> throw new BadRequestException("no such user");
                case TIMEOUT_FALLBACK -> {
                    if (onCaller) {
                        rec.clock.advance(Duration.ofMillis(150)); // it runs past its deadline on the caller's thread
                        yield "late";
                    }
                    entered.countDown();
                    release.await(); // until interrupted at the timeout, or the test ends
                    yield "late";
                }
                default -> "value";
            };
        };
        Fallback<Object> fallback = outcome == Outcome.FAILURE || outcome == Outcome.RATE_LIMITED ? null : failure -> {
            inFallback.set(Span.current().getSpanContext());
            return "fallback";
        };
        Supplier<CompletableFuture<Object>> stage = () -> {
            try {
                if (outcome == Outcome.TIMEOUT_FALLBACK) {
                    inCode.set(Span.current().getSpanContext());
                    entered.countDown();
                    return new CompletableFuture<>(); // never completes: the deadline decides
                }
                return CompletableFuture.completedFuture(code.call());
            } catch (Exception thrown) {
                return CompletableFuture.failedFuture(thrown);
            }
        };
        try {
            return switch (mode) {
                case EXECUTE -> guard.execute(code, fallback);
                case SUBMIT -> continued(guard.submit(code, fallback)).get(10, TimeUnit.SECONDS);
                case SUBMIT_ASYNC -> continued(guard.submitAsync(stage, fallback)).get(10, TimeUnit.SECONDS);
            };
        } catch (java.util.concurrent.ExecutionException failed) {
            return failed.getCause();
        }
    }

    private <T> CompletableFuture<T> continued(CompletableFuture<T> future) {
        return future.whenComplete((value, thrown) -> inContinuation.set(Span.current().getSpanContext()));
    }

    private static String expectedOutcome(Iso iso, Outcome outcome) {
        return switch (outcome) {
            case SUCCESS -> "success";
            case FAILURE, FAILURE_FALLBACK -> "failure";
            case TIMEOUT_FALLBACK -> "timeout";
            case BAD_REQUEST -> "bad_request";
            case SHORT_CIRCUITED -> "short_circuited";
            case RATE_LIMITED -> "rate_limited";
            case REJECTED -> switch (iso) {
                case SEMAPHORE -> "semaphore_rejected";
                case THREAD -> "thread_pool_rejected";
                case VIRTUAL, ADAPTIVE -> "limit_rejected";
            };
        };
    }

    private static <T> T attr(SpanData span, AttributeKey<T> key) {
        return span.getAttributes().get(key);
    }
}
