package dev.firebreak.spring.boot.actuate;

import dev.firebreak.Guard;
import dev.firebreak.GuardRegistry;
import dev.firebreak.breaker.CircuitStateListener;
import dev.firebreak.callpolicy.CallPolicy;
import dev.firebreak.event.EventType;
import dev.firebreak.event.Events;
import dev.firebreak.event.GuardListener;
import dev.firebreak.event.ListenerFailures;
import dev.firebreak.event.RecentEvents;
import dev.firebreak.hedge.Hedge;
import dev.firebreak.hedge.HedgeListener;
import dev.firebreak.hedge.HedgeRegistry;
import dev.firebreak.limit.LimitListener;
import dev.firebreak.live.ConfigEvent;
import dev.firebreak.live.ConfigListener;
import dev.firebreak.live.DynamicConfiguration;
import dev.firebreak.ratelimit.RateLimitListener;
import dev.firebreak.registry.RegistryListener;
import dev.firebreak.retry.Retry;
import dev.firebreak.retry.RetryListener;
import dev.firebreak.retry.RetryRegistry;
import dev.firebreak.time.Ticker;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * The recent events of every guard, retry and hedging policy of one registry, for
 * {@code /actuator/firebreak/events}: breaker transitions, rate-limiter refusals, adaptive-limit changes,
 * calls that did not simply succeed, retries and hedges. Each guard or policy keeps a {@link RecentEvents} ring of at most
 * {@code capacity} events per kind, so neither a busy guard nor a flood of one kind (failed calls)
 * pushes out another's history (its breaker's transitions), and the memory is bounded by the number of
 * guards and policies. It follows the registry's added and removed events
 * through the existing listeners of each guard and policy; a guard or policy that leaves takes its
 * events with it.
 *
 * <p>Plain successes are not recorded (the metrics count them); a guard's call listener makes every
 * guard time its calls with the precise clock while this is attached.
 */
public final class FirebreakEvents implements AutoCloseable {

    private final int capacity;
    private final Clock clock;
    private final AtomicLong ids = new AtomicLong();
    /** The rings of each guard or policy watched now, by kind (none for the others: their late events are dropped). */
    private final Map<Source, Map<PolicyEvent.Kind, RecentEvents<PolicyEvent>>> rings = new ConcurrentHashMap<>();
    /** How to stop watching each guard or policy, by the object itself (none overrides equals). */
    private final Map<Object, Runnable> watched = new ConcurrentHashMap<>();
    private final List<Runnable> detach = new CopyOnWriteArrayList<>();
    private final List<Subscription> subscriptions = new CopyOnWriteArrayList<>();
    private volatile Ticker ticker = Ticker.system();
    private volatile boolean closed;

    /** An empty feed keeping {@code capacity} events of each kind per guard or policy, stamped with {@code clock}'s time. */
    public FirebreakEvents(int capacity, Clock clock) {
        if (capacity < 1) {
            throw new IllegalArgumentException("firebreak.events.capacity = " + capacity
                    + ": the events kept per guard or policy and kind must be at least 1");
        }
        this.capacity = capacity;
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /** Starts following {@code registry}: its guards, retry and hedging policies, now and as they come and go. */
    public void attach(GuardRegistry registry) {
        ticker = registry.ticker();
        GuardListener calls = this::onCall;
        registry.addListener(calls);
        detach.add(() -> registry.removeListener(calls));
        GuardRegistry.RegistryListener guards = new GuardRegistry.RegistryListener() {
            @Override
            public void onAdded(Guard guard) {
                watchGuard(guard);
            }

            @Override
            public void onRemoved(Guard guard) {
                unwatch(guard, new Source("guard", guard.name()));
            }
        };
        registry.addRegistryListener(guards);
        detach.add(() -> registry.removeRegistryListener(guards));
        registry.guards().forEach(this::watchGuard);
        follow(RetryRegistry.of(registry).registry(), RetryRegistry.of(registry).policies(), this::watchRetry, "retry");
        follow(HedgeRegistry.of(registry).registry(), HedgeRegistry.of(registry).policies(), this::watchHedge, "hedge");
        if (registry.configResolver() instanceof DynamicConfiguration configuration) { // installed before the registry is handed out
            ConfigListener changes = this::onConfiguration;
            configuration.addListener(changes);
            detach.add(() -> configuration.removeListener(changes));
        }
    }

    /** A live configuration change or refusal that names a guard or a policy: kept as its audit record. */
    private void onConfiguration(ConfigEvent event) {
        String type = event.scope() == null ? null : switch (event.scope()) {
            case "command" -> "guard";
            case "retry", "hedge" -> event.scope();
            default -> null; // pools, collapsers and sources are not in the feed
        };
        if (type == null || event.instance() == null) {
            return;
        }
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("event", event.kind().name());
        details.put("property", event.property());
        details.put("origin", event.key());
        details.put("value", event.value());
        details.put("previous", event.previous());
        details.put("message", event.message());
        details.values().removeIf(Objects::isNull);
        record(new Source(type, event.instance()), PolicyEvent.Kind.CONFIGURATION, ticker.read(), Map.copyOf(details));
    }

    private <P extends CallPolicy<?>> void follow(dev.firebreak.registry.Registry<P> registry, Iterable<P> now,
            Consumer<P> watch, String type) {
        RegistryListener<P> listener = new RegistryListener<>() {
            @Override
            public void onAdded(P added) {
                watch.accept(added);
            }

            @Override
            public void onRemoved(P removed) {
                unwatch(removed, new Source(type, removed.name()));
            }
        };
        registry.addListener(listener);
        detach.add(() -> registry.removeListener(listener));
        now.forEach(watch);
    }

    private void watchGuard(Guard guard) {
        Source source = new Source("guard", guard.name());
        CircuitStateListener transitions = (from, to, atNanos) -> record(source, PolicyEvent.Kind.STATE_TRANSITION,
                atNanos, details("from", from.name(), "to", to.name()));
        RateLimitListener refusals = (rate, atNanos) -> record(source, PolicyEvent.Kind.RATE_LIMITED, atNanos,
                details("permitsPerSecond", rate));
        LimitListener limits = (from, to, atNanos) -> record(source, PolicyEvent.Kind.LIMIT_CHANGED, atNanos,
                details("from", from, "to", to));
        watch(guard, source, () -> {
            guard.controls().circuitBreaker().addStateListener(transitions);
            guard.controls().rateLimiter().addListener(refusals);
            guard.controls().isolator().addLimitListener(limits);
        }, () -> {
            guard.controls().circuitBreaker().removeStateListener(transitions);
            guard.controls().rateLimiter().removeListener(refusals);
            guard.controls().isolator().removeLimitListener(limits);
        });
    }

    private void watchRetry(Retry retry) {
        Source source = new Source("retry", retry.name());
        RetryListener retries = (policy, attempt, wait, cause) -> record(source, PolicyEvent.Kind.RETRY, ticker.read(),
                details("attempt", attempt, "waitMillis", wait.toNanos() / 1e6, "cause", describe(cause)));
        watch(retry, source, () -> retry.addListener(retries), () -> retry.removeListener(retries));
    }

    private void watchHedge(Hedge hedge) {
        Source source = new Source("hedge", hedge.name());
        HedgeListener hedges = (policy, attempt, since) -> record(source, PolicyEvent.Kind.HEDGE, ticker.read(),
                details("attempt", attempt, "sinceCallStartMillis", since.toNanos() / 1e6));
        watch(hedge, source, () -> hedge.addListener(hedges), () -> hedge.removeListener(hedges));
    }

    /** Subscribes once per object: its rings' place first, so nothing it reports is dropped. */
    private void watch(Object watchedObject, Source source, Runnable subscribe, Runnable unsubscribe) {
        if (closed || watched.putIfAbsent(watchedObject, unsubscribe) != null) {
            return;
        }
        rings.put(source, new ConcurrentHashMap<>());
        subscribe.run();
    }

    private void unwatch(Object watchedObject, Source source) {
        Runnable unsubscribe = watched.remove(watchedObject);
        if (unsubscribe != null) {
            unsubscribe.run();
            rings.remove(source);
        }
    }

    private void onCall(String guard, long events, long executionNanos, long totalNanos) {
        if ((events & ~(EventType.SUCCESS.bit() | EventType.RESPONSE_FROM_CACHE.bit())) == 0) {
            return; // a plain success: the metrics count it, the feed keeps room for what went wrong
        }
        List<String> names = new ArrayList<>();
        Events.toSet(events).forEach(type -> names.add(type.name()));
        record(new Source("guard", guard), PolicyEvent.Kind.CALL, ticker.read(), details("events", names,
                "executionMillis", executionNanos / 1e6, "totalMillis", totalNanos / 1e6));
    }

    /**
     * Records an operator's change to the guard named {@code guard} as an {@link PolicyEvent.Kind#OPERATION}
     * event with {@code details}; nothing if the feed does not follow that guard.
     */
    public void recordOperation(String guard, Map<String, Object> details) {
        record(new Source("guard", guard), PolicyEvent.Kind.OPERATION, ticker.read(), Map.copyOf(details));
    }

    private void record(Source source, PolicyEvent.Kind kind, long atNanos, Map<String, Object> details) {
        Map<PolicyEvent.Kind, RecentEvents<PolicyEvent>> kinds = rings.get(source);
        if (kinds == null) {
            return;
        }
        PolicyEvent event = new PolicyEvent(ids.incrementAndGet(), source.name(), source.type(), kind, clock.instant(),
                atNanos, details);
        kinds.computeIfAbsent(kind, k -> new RecentEvents<>(capacity)).add(event);
        for (Subscription subscription : subscriptions) {
            if (subscription.wants(event)) {
                ListenerFailures.notify(subscription.subscriber(), "an event of " + source.type() + " '" + source.name() + "'",
                        () -> subscription.subscriber().accept(event));
            }
        }
    }

    /**
     * Tells {@code subscriber} of each event recorded from now on of the guard or policy named {@code policy}
     * (every one when null) and of {@code kind} (every kind when null), on the thread that records it, so it
     * must hand the event off at once, never block. Closing the returned handle stops it.
     */
    public AutoCloseable subscribe(String policy, PolicyEvent.Kind kind, Consumer<PolicyEvent> subscriber) {
        Subscription subscription = new Subscription(policy, kind, Objects.requireNonNull(subscriber, "subscriber"));
        subscriptions.add(subscription);
        return () -> subscriptions.remove(subscription);
    }

    /**
     * The events kept now, oldest first: those of the guard or policy named {@code policy} (every one when
     * null) and of {@code kind} (every kind when null).
     */
    public List<PolicyEvent> events(String policy, PolicyEvent.Kind kind) {
        List<PolicyEvent> found = new ArrayList<>();
        rings.forEach((source, kinds) -> {
            if (policy == null || policy.equals(source.name())) {
                kinds.forEach((k, ring) -> {
                    if (kind == null || k == kind) {
                        found.addAll(ring.snapshot());
                    }
                });
            }
        });
        found.sort(Comparator.comparingLong(PolicyEvent::id));
        return found;
    }

    /** The most events of one kind kept per guard or policy. */
    public int capacity() {
        return capacity;
    }

    /** Stops following the registry and unsubscribes from every guard and policy. Idempotent. */
    @Override
    public void close() {
        closed = true;
        detach.forEach(Runnable::run);
        detach.clear();
        subscriptions.clear();
        watched.values().forEach(Runnable::run);
        watched.clear();
        rings.clear();
    }

    private static String describe(Throwable cause) {
        return cause == null ? null : cause.getClass().getName() + ": " + cause.getMessage();
    }

    private static Map<String, Object> details(Object... keysAndValues) {
        Map<String, Object> details = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            details.put((String) keysAndValues[i], keysAndValues[i + 1]);
        }
        return details;
    }

    /** A subscriber and what it wants (null: anything); identity, not equals, tells two apart. */
    private static final class Subscription {
        private final String policy;
        private final PolicyEvent.Kind kind;
        private final Consumer<PolicyEvent> subscriber;

        Subscription(String policy, PolicyEvent.Kind kind, Consumer<PolicyEvent> subscriber) {
            this.policy = policy;
            this.kind = kind;
            this.subscriber = subscriber;
        }

        boolean wants(PolicyEvent event) {
            return (policy == null || policy.equals(event.policy())) && (kind == null || kind == event.kind());
        }

        Consumer<PolicyEvent> subscriber() {
            return subscriber;
        }
    }

    /** A guard or policy: its type ({@code guard}, {@code retry}, {@code hedge}) and name. */
    private record Source(String type, String name) {
    }
}
