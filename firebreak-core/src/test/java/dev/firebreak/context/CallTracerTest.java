package dev.firebreak.context;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.firebreak.Guard;
import dev.firebreak.GuardException;
import dev.firebreak.GuardRegistry;
import dev.firebreak.Isolation;
import dev.firebreak.event.EventType;
import dev.firebreak.event.Events;
import dev.firebreak.isolation.ThreadPoolConfig;
import dev.firebreak.retry.Jitter;
import dev.firebreak.retry.Retry;
import dev.firebreak.testkit.ManualClock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The call tracer seam: installed on a built registry, told of each call's start on the caller's
 * thread, current where the user's code runs, the caller's context back for continuations, stopped
 * once with the events; a throwing tracer never breaks a call; removed, it sees nothing more.
 */
class CallTracerTest {

    /** Stands for a tracing library's current span: a ThreadLocal the observations set and restore. */
    private static final ThreadLocal<String> CURRENT = new ThreadLocal<>();

    private final ManualClock clock = new ManualClock();
    private final GuardRegistry registry = GuardRegistry.builder().clock(clock).build();
    private final Recording tracer = new Recording();

    @AfterEach
    void close() {
        CURRENT.remove();
        registry.close();
    }

    @Test
    void aTracerInstalledOnABuiltRegistryObservesGuardsBuiltBefore() {
        Guard guard = registry.guard("early").isolation(Isolation.semaphore(10)).build();
        assertThat(guard.execute(CURRENT::get)).isNull();
        registry.useTracer(tracer);
        CURRENT.set("caller");
        assertThat(guard.execute(CURRENT::get)).isEqualTo("early#1"); // the user's code runs in the call's scope
        assertThat(CURRENT.get()).isEqualTo("caller"); // and the caller's is back
        registry.releaseTracer(tracer);
        assertThat(guard.execute(CURRENT::get)).isEqualTo("caller");
        assertThat(tracer.calls).containsExactly("early#1 EXECUTE parent=caller group=early isolation=semaphore");
        assertThat(tracer.stops).containsExactly("early#1 SUCCESS");
    }

    @Test
    void aSecondTracerIsRefusedUntilTheFirstIsReleased() {
        registry.useTracer(tracer);
        Recording other = new Recording();
        assertThatThrownBy(() -> registry.useTracer(other)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("already has a call tracer");
        registry.releaseTracer(tracer);
        registry.useTracer(other);
        assertThat(registry.tracer()).isSameAs(other);
    }

    @Test
    void aPoolThreadRunsTheUserCodeInTheCallsScopeAndCompletesInTheCallers() throws Exception {
        registry.useTracer(tracer);
        Guard pooled = registry.guard("pooled").isolation(Isolation.threadPool(ThreadPoolConfig.builder().coreSize(1).build()))
                .timeout(Duration.ofSeconds(5)).build();
        CURRENT.set("caller");
        AtomicReference<String> continuation = new AtomicReference<>();
        CountDownLatch attached = new CountDownLatch(1);
        CompletableFuture<String> future = pooled.submit(() -> {
            attached.await(); // the continuation below is attached before the call ends, so the pool thread runs it
            return CURRENT.get();
        });
        CompletableFuture<Void> seen = future.thenAccept(value -> continuation.set(CURRENT.get()));
        attached.countDown();
        assertThat(future.get(10, TimeUnit.SECONDS)).isEqualTo("pooled#1");
        seen.get(10, TimeUnit.SECONDS);
        assertThat(continuation.get()).isEqualTo("caller"); // the pool thread completed it in the caller's context
        assertThat(tracer.stops).containsExactly("pooled#1 SUCCESS");
        assertThat(tracer.waits).isEmpty(); // the manual clock stood still: no wait is told
    }

    @Test
    void aTimeoutsFallbackRunsInTheCallsScopeAndIsStoppedWithItsEvents() {
        registry.useTracer(tracer);
        Guard virtual = registry.guard("slow").isolation(Isolation.virtualThreads(10)).timeout(Duration.ofMillis(100)).build();
        CURRENT.set("caller");
        CompletableFuture<String> future = virtual.submit(() -> {
            Thread.sleep(60_000);
            return "late";
        }, failure -> "fallback in " + CURRENT.get());
        clock.advance(Duration.ofMillis(100));
        assertThat(future.join()).isEqualTo("fallback in slow#1");
        assertThat(tracer.stops).containsExactly("slow#1 TIMEOUT FALLBACK_SUCCESS");
    }

    @Test
    void aFailureWithoutFallbackGivesTheCauseAndTheCallersException() {
        registry.useTracer(tracer);
        Guard guard = registry.guard("failing").isolation(Isolation.semaphore(10)).build();
        assertThatThrownBy(() -> guard.execute(() -> {
            throw new IllegalStateException("down");
        })).isInstanceOf(GuardException.class);
        assertThat(tracer.stops).containsExactly("failing#1 FAILURE FALLBACK_MISSING EXCEPTION_THROWN");
        assertThat(tracer.failures).containsExactly("IllegalStateException -> CallFailedException");
    }

    @Test
    void aThrowingTracerNeverBreaksACall() throws Exception {
        registry.useTracer(new CallTracer() {
            @Override
            public CallObservation startCall(TracedGuard guard, CallMode mode) {
                if (mode == CallMode.EXECUTE) {
                    throw new IllegalStateException("tracer bug at start");
                }
                return new CallObservation() {
                    @Override
                    public ContextCarrier.Scope openScope() {
                        return () -> {
                            throw new IllegalStateException("tracer bug at close");
                        };
                    }

                    @Override
                    public ContextCarrier.Scope restoreCaller() {
                        throw new IllegalStateException("tracer bug at restore");
                    }

                    @Override
                    public void waited(Wait what, long nanos) {
                        throw new IllegalStateException("tracer bug at wait");
                    }

                    @Override
                    public void stop(long events, Throwable cause, Throwable failure, long executionNanos, long totalNanos) {
                        throw new IllegalStateException("tracer bug at stop");
                    }
                };
            }

            @Override
            public PolicyObservation startPolicy(String kind, String name, String guard) {
                throw new IllegalStateException("tracer bug at policy start");
            }
        });
        Guard semaphore = registry.guard("s").isolation(Isolation.semaphore(10)).build();
        Guard virtual = registry.guard("v").isolation(Isolation.virtualThreads(10)).build();
        assertThat(semaphore.execute(() -> "ok")).isEqualTo("ok");
        assertThat(semaphore.submit(() -> "ok").join()).isEqualTo("ok");
        assertThat(virtual.submit(() -> "ok").get(10, TimeUnit.SECONDS)).isEqualTo("ok");
        assertThat(virtual.submitAsync(() -> CompletableFuture.completedFuture("ok")).get(10, TimeUnit.SECONDS)).isEqualTo("ok");
        assertThat(virtual.submit(() -> {
            throw new IllegalStateException("down");
        }, failure -> "fallback").get(10, TimeUnit.SECONDS)).isEqualTo("fallback");
        Retry retry = Retry.named("r").through(semaphore).attemptExecutor(Runnable::run).build();
        assertThat(retry.submit(() -> "ok").join()).isEqualTo("ok");
    }

    @Test
    void aRetrysAttemptsAreStartedInsideItsAttemptScopes() {
        registry.useTracer(tracer);
        Guard guard = registry.guard("users").isolation(Isolation.semaphore(10))
                .configure(c -> c.breaker(b -> b.enabled(false))).build();
        Retry retry = Retry.named("users-retry").through(guard).attemptExecutor(Runnable::run)
                .configure(c -> c.maxAttempts(3).jitter(Jitter.NONE).budgetEnabled(false)
                        .backoff(Duration.ofMillis(10), Duration.ofMillis(100), 2)).build();
        int[] calls = {0};
        CompletableFuture<String> result = retry.submit(() -> {
            if (++calls[0] < 3) {
                throw new IllegalStateException("down");
            }
            return "third";
        });
        clock.advance(Duration.ofMillis(10));
        clock.advance(Duration.ofMillis(20));
        assertThat(result.join()).isEqualTo("third");
        assertThat(tracer.calls).containsExactly(
                "users#1 SUBMIT parent=retry users-retry attempt 1 group=users isolation=semaphore",
                "users#2 SUBMIT parent=retry users-retry attempt 2 group=users isolation=semaphore",
                "users#3 SUBMIT parent=retry users-retry attempt 3 group=users isolation=semaphore");
        assertThat(tracer.policyEvents).containsExactly("retried 10000000", "retried 20000000",
                "stop retry users-retry attempts=3 failure=null");
    }

    /** Records what it is told; its "span" is the name of the call, current in a ThreadLocal. */
    private static final class Recording implements CallTracer {
        final List<String> calls = new CopyOnWriteArrayList<>();
        final List<String> stops = new CopyOnWriteArrayList<>();
        final List<String> waits = new CopyOnWriteArrayList<>();
        final List<String> failures = new CopyOnWriteArrayList<>();
        final List<String> policyEvents = new CopyOnWriteArrayList<>();
        private int count;

        @Override
        public synchronized CallObservation startCall(TracedGuard guard, CallMode mode) {
            String id = guard.name() + "#" + ++count;
            String caller = CURRENT.get();
            calls.add(id + " " + mode + " parent=" + caller + " group=" + guard.group() + " isolation=" + guard.isolation());
            return new CallObservation() {
                @Override
                public ContextCarrier.Scope openScope() {
                    return swapTo(id);
                }

                @Override
                public ContextCarrier.Scope restoreCaller() {
                    return swapTo(caller);
                }

                @Override
                public void waited(Wait what, long nanos) {
                    waits.add(id + " " + what + " " + nanos);
                }

                @Override
                public void stop(long events, Throwable cause, Throwable failure, long executionNanos, long totalNanos) {
                    StringBuilder told = new StringBuilder(id);
                    for (EventType type : EventType.values()) {
                        if (Events.contains(events, type)) {
                            told.append(' ').append(type);
                        }
                    }
                    stops.add(told.toString());
                    if (failure != null) {
                        failures.add(cause.getClass().getSimpleName() + " -> " + failure.getClass().getSimpleName());
                    }
                }
            };
        }

        @Override
        public PolicyObservation startPolicy(String kind, String name, String guard) {
            String id = kind + " " + name;
            String caller = CURRENT.get();
            return new PolicyObservation() {
                @Override
                public ContextCarrier.Scope attempt(int number) {
                    return swapTo(id + " attempt " + number);
                }

                @Override
                public ContextCarrier.Scope restoreCaller() {
                    return swapTo(caller);
                }

                @Override
                public void event(String event, long nanos) {
                    policyEvents.add(event + " " + nanos);
                }

                @Override
                public void link(PolicyObservation other) {
                    policyEvents.add("link");
                }

                @Override
                public void stop(long events, int attempts, Throwable failure) {
                    policyEvents.add("stop " + id + " attempts=" + attempts + " failure=" + failure);
                }
            };
        }

        private static ContextCarrier.Scope swapTo(String value) {
            String previous = CURRENT.get();
            CURRENT.set(value);
            return () -> CURRENT.set(previous);
        }
    }
}
