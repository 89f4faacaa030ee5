package dev.firebreak.support;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.Guard;
import dev.firebreak.GuardRegistry;
import dev.firebreak.event.EventType;
import dev.firebreak.event.Events;
import dev.firebreak.isolation.GuardThreadPool;
import dev.firebreak.testkit.Await;
import dev.firebreak.testkit.ManualClock;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * A fresh registry on a {@link ManualClock} for each test, recording every call's events, and the
 * invariants checked after every test (Caffeine's validation-interceptor idea): once the test's calls
 * have ended, every isolation permit, fallback permit and running-execution count is back to zero,
 * and every call reported exactly one execution event.
 *
 * <p>Use with {@code @ExtendWith(GuardFixture.Extension.class)} and a {@code GuardFixture} parameter.
 */
public final class GuardFixture {

    /** The clock starts away from zero so that no code can get away with assuming 0 is "never". */
    public static final long ORIGIN = 7_000_000_000L;

    private final ManualClock clock;
    private final GuardRegistry registry;
    private final List<Long> events = new CopyOnWriteArrayList<>();
    private final Map<String, List<Long>> eventsByGuard = new ConcurrentHashMap<>();

    /** A fixture whose clock starts at {@code origin}. */
    public GuardFixture(long origin) {
        this.clock = new ManualClock(origin);
        this.registry = GuardRegistry.builder().clock(clock).build();
        registry.addListener((guard, mask, executionNanos, totalNanos) -> {
            events.add(mask);
            eventsByGuard.computeIfAbsent(guard, k -> new CopyOnWriteArrayList<>()).add(mask);
        });
    }

    /** The manual clock behind every guard of this fixture. */
    public ManualClock clock() {
        return clock;
    }

    /** The registry. */
    public GuardRegistry registry() {
        return registry;
    }

    /** Starts a guard in this fixture's registry. */
    public Guard.Builder guard(String name) {
        return registry.guard(name);
    }

    /** Every call's event mask so far, in completion order. */
    public List<Long> events() {
        return events;
    }

    /** How many calls emitted {@code type}. */
    public long count(EventType type) {
        return events.stream().filter(mask -> Events.contains(mask, type)).count();
    }

    /** Waits until {@code calls} calls have reported their outcome. */
    public void awaitCalls(int calls) {
        Await.until(calls + " calls reported", () -> events.size() >= calls, () -> "(saw " + events.size() + ")");
    }

    /** Checks the invariants; called after every test. */
    public void verifyInvariants() {
        for (Guard guard : registry.guards()) {
            Await.until("permits of " + guard.name() + " back to zero",
                    () -> guard.controls().permitsInFlight() == 0 && guard.controls().fallbacksInFlight() == 0
                            && guard.controls().metrics().currentConcurrentExecutions() == 0,
                    () -> "(permits " + guard.controls().permitsInFlight() + ", fallbacks " + guard.controls().fallbacksInFlight()
                            + ", running " + guard.controls().metrics().currentConcurrentExecutions() + ")");
        }
        for (GuardThreadPool pool : registry.pools()) {
            assertThat(pool.admitted()).as("pool %s admitted", pool.name()).isZero();
            pool.shutdown();
        }
        for (long mask : events) {
            long executionEvents = Long.bitCount(mask & executionMask());
            assertThat(executionEvents).as("one execution event per call: %s", Events.format(mask)).isEqualTo(1);
            assertThat(Long.bitCount(mask & fallbackMask())).as("at most one fallback event: %s", Events.format(mask))
                    .isLessThanOrEqualTo(1);
        }
    }

    private static long executionMask() {
        long mask = 0;
        for (EventType type : EventType.values()) {
            if (type.kind() == EventType.Kind.EXECUTION) {
                mask |= type.bit();
            }
        }
        return mask;
    }

    private static long fallbackMask() {
        long mask = 0;
        for (EventType type : EventType.values()) {
            if (type.kind() == EventType.Kind.FALLBACK) {
                mask |= type.bit();
            }
        }
        return mask;
    }

    /** Supplies a fresh fixture per test and checks its invariants afterwards. */
    public static final class Extension implements ParameterResolver, AfterEachCallback {
        private static final ExtensionContext.Namespace NS = ExtensionContext.Namespace.create(GuardFixture.class);

        @Override
        public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
            return parameter.getParameter().getType() == GuardFixture.class;
        }

        @Override
        public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
            return context.getStore(NS).getOrComputeIfAbsent("fixture", k -> new GuardFixture(ORIGIN), GuardFixture.class);
        }

        @Override
        public void afterEach(ExtensionContext context) {
            GuardFixture fixture = context.getStore(NS).get("fixture", GuardFixture.class);
            if (fixture != null && context.getExecutionException().isEmpty()) {
                fixture.verifyInvariants();
            }
        }
    }
}
