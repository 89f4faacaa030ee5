package dev.firebreak.lab;

import dev.firebreak.Guard;
import dev.firebreak.GuardException;
import dev.firebreak.GuardRegistry;
import dev.firebreak.Isolation;
import dev.firebreak.event.EventType;
import dev.firebreak.event.Events;
import java.io.PrintStream;
import java.time.Duration;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

/**
 * A runnable tour of one guard: a simulated dependency that is sometimes slow and sometimes fails,
 * called concurrently through VIRTUAL isolation with a timeout and a fallback; prints what happened
 * to every call, by event.
 */
public final class GuardExample {

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
        Guard dependency = registry.guard("flaky-dependency")
                .isolation(Isolation.virtualThreads(20))
                .timeout(Duration.ofMillis(100))
                .build();
        Map<EventType, AtomicInteger> counts = new EnumMap<>(EventType.class);
        for (EventType type : EventType.values()) {
            counts.put(type, new AtomicInteger());
        }
        dependency.policy().addListener((guard, events, executionNanos, totalNanos) -> {
            for (EventType type : Events.toSet(events)) {
                counts.get(type).incrementAndGet();
            }
        });
        out.printf("Calling a dependency that takes 20-150 ms and fails 10%% of the time, %d calls,%n", calls);
        out.println("through a guard with VIRTUAL isolation (limit 20), a 100 ms timeout and a fallback.");
        CompletableFuture<?>[] futures = new CompletableFuture<?>[calls];
        for (int i = 0; i < calls; i++) {
            futures[i] = dependency.submit(GuardExample::flakyCall, GuardExample::fallback);
            LockSupport.parkNanos(1_000_000L);
        }
        CompletableFuture.allOf(futures).join();
        out.println();
        out.printf("%-22s %6s%n", "event", "calls");
        counts.forEach((type, count) -> {
            if (count.get() > 0) {
                out.printf("%-22s %6d%n", type, count.get());
            }
        });
        out.printf("%npermits still held: %d (always 0 once every call has ended)%n", dependency.policy().permitsInFlight());
        return 0;
    }

    private static String flakyCall() throws Exception {
        ThreadLocalRandom random = ThreadLocalRandom.current();
        Thread.sleep(20 + random.nextInt(130));
        if (random.nextInt(10) == 0) {
            throw new IllegalStateException("dependency failed");
        }
        return "value";
    }

    private static String fallback(GuardException failure) {
        return "fallback after " + failure.event();
    }
}
