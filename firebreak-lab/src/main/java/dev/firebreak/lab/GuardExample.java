package dev.firebreak.lab;

import dev.firebreak.Guard;
import dev.firebreak.GuardConfig;
import dev.firebreak.GuardException;
import dev.firebreak.GuardRegistry;
import dev.firebreak.Isolation;
import dev.firebreak.breaker.CircuitState;
import dev.firebreak.event.EventType;
import dev.firebreak.event.Events;
import dev.firebreak.time.Ticker;
import java.io.PrintStream;
import java.time.Duration;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

/**
 * A runnable tour of one guard ({@code ./firebreak example}): a simulated dependency that is sometimes
 * slow and sometimes fails, called concurrently through VIRTUAL isolation with a timeout and a
 * fallback. It prints what happened to every call, by event, and then explains the figures a
 * first-time reader would wonder about: why the circuit breaker short-circuited most calls, and why
 * an isolation permit can still be held when every caller already has its answer.
 */
public final class GuardExample {

    private static final int LIMIT = 20;
    private static final Duration TIMEOUT = Duration.ofMillis(100);
    private static final int FASTEST_MILLIS = 20;
    private static final int SLOWEST_MILLIS = 150;
    private static final Duration DRAIN_WAIT = Duration.ofSeconds(5);

    private GuardExample() {
    }

    /** Runs the example ({@code --calls N}, default 200) and returns the process exit code. */
    public static int run(String[] args, PrintStream out) throws Exception {
        int calls = 200;
        for (int i = 0; i < args.length; i++) {
            if (args[i].equals("--calls") && i + 1 < args.length) {
                calls = Integer.parseInt(args[++i]);
            } else {
                out.println("usage: firebreak example [--calls N]");
                return 2;
            }
        }
        GuardRegistry registry = GuardRegistry.builder().build();
        Ticker ticker = registry.ticker();
        Guard dependency = registry.guard("flaky-dependency")
                .isolation(Isolation.virtualThreads(LIMIT))
                .timeout(TIMEOUT)
                .build();
        GuardConfig config = dependency.controls().config();
        Map<EventType, AtomicInteger> counts = new EnumMap<>(EventType.class);
        for (EventType type : EventType.values()) {
            counts.put(type, new AtomicInteger());
        }
        dependency.controls().addListener((guard, events, executionNanos, totalNanos) -> {
            for (EventType type : Events.toSet(events)) {
                counts.get(type).incrementAndGet();
            }
        });
        AtomicInteger submitted = new AtomicInteger();
        long start = ticker.read();
        List<String> transitions = new CopyOnWriteArrayList<>();
        dependency.controls().circuitBreaker().addStateListener((from, to, atNanos) -> transitions.add(String.format(
                "  %5d ms, while call %d was being made: %s -> %s%s", (atNanos - start) / 1_000_000,
                submitted.get(), from, to, to == CircuitState.OPEN ? errorsSoFar(counts) : "")));

        describeSetup(out, calls, config);
        CompletableFuture<?>[] futures = new CompletableFuture<?>[calls];
        for (int i = 0; i < calls; i++) {
            submitted.set(i + 1);
            futures[i] = dependency.submit(GuardExample::flakyCall, GuardExample::fallback);
            LockSupport.parkNanos(1_000_000L); // about one call per millisecond
        }
        CompletableFuture.allOf(futures).join();
        long runMillis = (ticker.read() - start) / 1_000_000;
        int heldAtLastAnswer = dependency.controls().permitsInFlight();

        out.println();
        out.println("What happened (each call has one execution event and, unless it succeeded, one fallback event):");
        out.printf("  %-22s %6s%n", "event", "calls");
        counts.forEach((type, count) -> {
            if (count.get() > 0) {
                out.printf("  %-22s %6d%n", type, count.get());
            }
        });
        explainBreaker(out, calls, runMillis, config, counts, transitions);
        explainRejections(out, counts);
        explainPermits(out, dependency, heldAtLastAnswer);
        return 0;
    }

    private static void describeSetup(PrintStream out, int calls, GuardConfig config) {
        out.printf("%d calls, about one per millisecond, to a dependency that takes %d-%d ms and fails 1 call in 10,%n",
                calls, FASTEST_MILLIS, SLOWEST_MILLIS);
        out.printf("through the guard \"flaky-dependency\": VIRTUAL isolation (at most %d calls in flight), a %d ms%n",
                LIMIT, TIMEOUT.toMillis());
        out.println("timeout and a fallback. Over a third of the calls outlive the timeout, so with the failures");
        out.println("nearly half of all calls are errors.");
        out.printf("Its circuit breaker (Hystrix's defaults) opens once at least %d calls have answered within %d s%n",
                config.breaker().requestVolumeThreshold(), config.metrics().rollingStatsWindow().toMillis() / 1000);
        out.printf("and %d %% or more of them were errors (failures, timeouts, rejections); it then refuses calls for%n",
                config.breaker().errorThresholdPercentage());
        out.printf("%d ms before it lets a trial call through.%n", config.breaker().sleepWindow().toMillis());
    }

    private static String errorsSoFar(Map<EventType, AtomicInteger> counts) {
        // The call that tips the breaker is reported to the breaker before the listeners count it.
        long errors = 1 + counts.get(EventType.FAILURE).get() + counts.get(EventType.TIMEOUT).get()
                + counts.get(EventType.LIMIT_REJECTED).get();
        long answered = errors + counts.get(EventType.SUCCESS).get();
        return String.format(" (%d of the %d calls answered so far were errors: %d %%)", errors, answered,
                100 * errors / answered);
    }

    private static void explainBreaker(PrintStream out, int calls, long runMillis, GuardConfig config,
            Map<EventType, AtomicInteger> counts, List<String> transitions) {
        int shortCircuited = counts.get(EventType.SHORT_CIRCUITED).get();
        out.println();
        if (transitions.isEmpty()) {
            out.printf("The circuit breaker stayed closed for the whole run (%d ms): errors never reached %d %%%n",
                    runMillis, config.breaker().errorThresholdPercentage());
            out.printf("of at least %d answered calls, so every call was tried.%n",
                    config.breaker().requestVolumeThreshold());
            return;
        }
        out.println("The circuit breaker:");
        transitions.stream().limit(6).forEach(out::println);
        if (transitions.size() > 6) {
            out.printf("  ... %d transitions in all%n", transitions.size());
        }
        out.printf("Why %d of %d calls were SHORT_CIRCUITED: an open breaker answers every call at once with the%n",
                shortCircuited, calls);
        out.printf("fallback, without touching the dependency, for %d ms at a time; the whole run took %d ms.%n",
                config.breaker().sleepWindow().toMillis(), runMillis);
        out.println("That is the breaker doing its job: a dependency failing this often gets rest instead of more load,");
        out.println("and its callers get a fast answer instead of waiting for the timeout.");
    }

    private static void explainRejections(PrintStream out, Map<EventType, AtomicInteger> counts) {
        int rejected = counts.get(EventType.LIMIT_REJECTED).get();
        if (rejected > 0) {
            out.println();
            out.printf("Why %d LIMIT_REJECTED: a call that arrives while %d calls are in flight is refused at once%n",
                    rejected, LIMIT);
            out.println("(and gets its fallback) rather than queued behind them.");
        }
    }

    private static void explainPermits(PrintStream out, Guard dependency, int heldAtLastAnswer) {
        out.println();
        out.printf("Isolation permits still held when the last caller had its answer: %d.%n", heldAtLastAnswer);
        out.printf("A caller whose call times out gets its fallback at the %d ms deadline; only then is the call%n",
                TIMEOUT.toMillis());
        out.println("interrupted, and it keeps its permit until it really stops. The limit counts these abandoned");
        out.printf("calls, so the dependency never had more than %d calls in flight (the most seen: %d).%n", LIMIT,
                dependency.controls().peakPermitsInFlight());
        out.printf("After the abandoned calls returned: %d permits held.%n", awaitPermitsReleased(dependency));
    }

    /** Waits (at most {@link #DRAIN_WAIT}) until every admitted call has returned its permit. */
    private static int awaitPermitsReleased(Guard dependency) {
        for (int i = 0; i < DRAIN_WAIT.toMillis() && dependency.controls().permitsInFlight() > 0; i++) {
            LockSupport.parkNanos(1_000_000L);
        }
        return dependency.controls().permitsInFlight();
    }

    private static String flakyCall() throws Exception {
        ThreadLocalRandom random = ThreadLocalRandom.current();
        Thread.sleep(FASTEST_MILLIS + random.nextInt(SLOWEST_MILLIS - FASTEST_MILLIS));
        if (random.nextInt(10) == 0) {
            throw new IllegalStateException("dependency failed");
        }
        return "value";
    }

    private static String fallback(GuardException failure) {
        return "fallback after " + failure.event();
    }
}
