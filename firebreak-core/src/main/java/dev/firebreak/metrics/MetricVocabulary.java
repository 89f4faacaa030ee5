package dev.firebreak.metrics;

import dev.firebreak.event.EventType;
import dev.firebreak.event.Events;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;

/**
 * Firebreak's metric vocabulary, the one table both binders publish (Micrometer's {@code FirebreakMetrics},
 * OpenTelemetry's {@code FirebreakOpenTelemetryMetrics}) and {@code docs/observability.md} documents.
 * Every per-guard series carries {@code guard} and nothing repeating it; {@code group}, {@code pool} and
 * {@code isolation} only on {@link #GUARDS}.
 */
public final class MetricVocabulary {

    /** Tag keys. */
    public static final String GUARD = "guard", OUTCOME = "outcome", RESULT = "result", STATE = "state",
            GROUP = "group", POOL = "pool", ISOLATION = "isolation", POLICY = "policy", EVENT = "event",
            COLLAPSER = "collapser", SOURCE = "source", KIND = "kind", PERCENTILE = "percentile", MODE = "mode",
            ALGORITHM = "algorithm", CRITICALITY = "criticality";

    /** The bucket boundaries of {@link #CALL_DURATION} (seconds), by default: a small fixed set for SLOs. */
    public static final List<Double> CALL_DURATION_BUCKETS_SECONDS =
            List.of(0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 10.0);
    /** The bucket boundaries of {@link #COLLAPSER_BATCH_SIZE} (requests). */
    public static final List<Double> BATCH_SIZE_BUCKETS = List.of(1.0, 2.0, 5.0, 10.0, 25.0, 50.0, 100.0, 250.0, 500.0);
    /** The {@code event} values of {@link #RETRY_EVENTS}, in order. */
    public static final List<String> RETRY_EVENT_VALUES = List.of("retried", "budget_exhausted", "deadline_reached", "fallback",
            "server_delay", "server_delay_too_long");
    /** The {@code event} values of {@link #HEDGE_EVENTS}, in order. */
    public static final List<String> HEDGE_EVENT_VALUES = List.of("hedged", "budget_exhausted", "hedge_win", "loser_cancelled",
            "server_delay");

    private static final List<MetricSpec> ALL = new ArrayList<>();

    // Per guard, by default (at most 40 series per guard, measured by the binders' tests).
    /** One count per call, by its final execution outcome (see {@link #outcomes()}). */
    public static final MetricSpec CALLS = add("firebreak.calls", MetricSpec.Type.COUNTER, "{call}", "calls",
            "firebreak_calls_total", "Calls of the guard by their final execution outcome, one count per call", null,
            GUARD, OUTCOME);
    /** One count per fallback, by its result (see {@link #fallbackResult}). */
    public static final MetricSpec FALLBACKS = add("firebreak.fallbacks", MetricSpec.Type.COUNTER, "{fallback}",
            "fallbacks", "firebreak_fallbacks_total",
            "Fallbacks of the guard's calls by result (missing: the call failed and no fallback was given)", null,
            GUARD, RESULT);
    /** Every call, the caller's view, fallback included. */
    public static final MetricSpec CALL_DURATION = add("firebreak.call.duration", MetricSpec.Type.TIMER, "s", "seconds",
            "firebreak_call_duration_seconds", "Time from entering the guard to the caller's outcome, fallback included",
            null, GUARD);
    /** Calls whose user code runs now. */
    public static final MetricSpec CALLS_ACTIVE = add("firebreak.calls.active", MetricSpec.Type.GAUGE, "{call}", null,
            "firebreak_calls_active", "Calls of the guard whose user code runs now", null, GUARD);
    /** The isolation's concurrency limit in force. */
    public static final MetricSpec LIMIT = add("firebreak.limit", MetricSpec.Type.GAUGE, "{call}", null, "firebreak_limit",
            "The isolation's concurrency limit in force (static, or set by the adaptive limit)", null, GUARD);
    /** The least the limit may fall to. */
    public static final MetricSpec LIMIT_FLOOR = add("firebreak.limit.floor", MetricSpec.Type.GAUGE, "{call}", null,
            "firebreak_limit_floor", "The least the limit may fall to (the static limit itself when not adaptive)", null,
            GUARD);
    /** 1 for the breaker's current state, 0 for the others. */
    public static final MetricSpec BREAKER_STATE = add("firebreak.breaker.state", MetricSpec.Type.GAUGE, "", null,
            "firebreak_breaker_state", "1 for the circuit breaker's current state (closed, open, half_open), 0 for the others",
            null, GUARD, STATE);
    /** Always 1: the guard's group, pool and isolation strategy. */
    public static final MetricSpec GUARDS = add("firebreak.guards", MetricSpec.Type.GAUGE, "", null,
            "firebreak_guards", "Always 1 per guard: the guard's group, thread pool key and isolation strategy", null,
            GUARD, GROUP, POOL, ISOLATION);
    /** The rate limiter's configured rate. */
    public static final MetricSpec RATELIMIT_RATE = add("firebreak.ratelimit.permits.per.second", MetricSpec.Type.GAUGE,
            "{permit}/s", null, "firebreak_ratelimit_permits_per_second",
            "The rate limiter's permits per second, 0 while it is disabled", null, GUARD);
    /** Callers waiting for a rate-limit permit. */
    public static final MetricSpec RATELIMIT_WAITING = add("firebreak.ratelimit.waiting", MetricSpec.Type.GAUGE, "{call}",
            null, "firebreak_ratelimit_waiting", "Callers waiting for a rate-limit permit now", null, GUARD);
    /** Per guard with priorities ({@code priority.enabled}) only: its refusals by the call's criticality (lower case). */
    public static final MetricSpec PRIORITY_REJECTED = add("firebreak.priority.rejected", MetricSpec.Type.COUNTER, "{call}",
            null, "firebreak_priority_rejected_total",
            "Calls the guard's priority-aware limit refused (LIMIT_REJECTED), by the call's criticality", null,
            GUARD, CRITICALITY);
    /** Per guard with priorities only: the rejection threshold in force. */
    public static final MetricSpec PRIORITY_THRESHOLD = add("firebreak.priority.threshold", MetricSpec.Type.GAUGE, "", null,
            "firebreak_priority_threshold",
            "The priority-aware limit's rejection threshold, 0-128 (32 per criticality, sheddable lowest): a call scoring below it is refused",
            null, GUARD);

    /** Faults injected on purpose, by {@code kind}: a guard of a registry that allows chaos only. */
    public static final MetricSpec CHAOS_INJECTED = add("firebreak.chaos.injected", MetricSpec.Type.COUNTER, "{fault}",
            null, "firebreak_chaos_injected_total",
            "Faults injected into the guard's calls on purpose (chaos.*), by kind: exception, latency, result, behavior",
            null, GUARD, KIND);

    // Per guard, opt-in.
    /** {@link MetricDetail#EXECUTION_TIMER}. */
    public static final MetricSpec CALL_EXECUTION_DURATION = add("firebreak.call.execution.duration",
            MetricSpec.Type.TIMER, "s", "seconds", "firebreak_call_execution_duration_seconds",
            "Time the guard's user code ran, for calls whose code ran", MetricDetail.EXECUTION_TIMER, GUARD);
    /** {@link MetricDetail#ROLLING_WINDOW}: the rolling-window latency percentiles, kind execution or total. */
    public static final MetricSpec ROLLING_LATENCY = add("firebreak.rolling.latency", MetricSpec.Type.GAUGE, "s", "seconds",
            "firebreak_rolling_latency_seconds", "Latency percentile over the guard's rolling percentile window",
            MetricDetail.ROLLING_WINDOW, GUARD, KIND, PERCENTILE);
    /** {@link MetricDetail#ROLLING_WINDOW}. */
    public static final MetricSpec ROLLING_LATENCY_MEAN = add("firebreak.rolling.latency.mean", MetricSpec.Type.GAUGE, "s",
            "seconds", "firebreak_rolling_latency_mean_seconds", "Mean latency over the guard's rolling percentile window",
            MetricDetail.ROLLING_WINDOW, GUARD, KIND);
    /** {@link MetricDetail#ROLLING_WINDOW}. */
    public static final MetricSpec ROLLING_ERROR_PERCENTAGE = add("firebreak.rolling.error.percentage",
            MetricSpec.Type.GAUGE, "{percent}", null, "firebreak_rolling_error_percentage",
            "Errors among requests in the guard's rolling window, in percent", MetricDetail.ROLLING_WINDOW, GUARD);
    /** {@link MetricDetail#ROLLING_WINDOW}. */
    public static final MetricSpec ROLLING_REQUESTS = add("firebreak.rolling.requests", MetricSpec.Type.GAUGE, "{call}",
            null, "firebreak_rolling_requests", "Requests counted in the guard's rolling window",
            MetricDetail.ROLLING_WINDOW, GUARD);
    /** {@link MetricDetail#ROLLING_WINDOW}. */
    public static final MetricSpec ROLLING_CALLS_ACTIVE_MAX = add("firebreak.rolling.calls.active.max",
            MetricSpec.Type.GAUGE, "{call}", null, "firebreak_rolling_calls_active_max",
            "Most calls of the guard running at once in its rolling window", MetricDetail.ROLLING_WINDOW, GUARD);
    /** {@link MetricDetail#BREAKER_MODE}. */
    public static final MetricSpec BREAKER_MODE = add("firebreak.breaker.mode", MetricSpec.Type.GAUGE, "", null,
            "firebreak_breaker_mode", "1 for who decides the breaker's state (automatic, or an operator's override), 0 for the others",
            MetricDetail.BREAKER_MODE, GUARD, MODE);
    /** {@link MetricDetail#LIMIT_ALGORITHM}. */
    public static final MetricSpec LIMIT_ALGORITHM = add("firebreak.limit.algorithm", MetricSpec.Type.GAUGE, "", null,
            "firebreak_limit_algorithm", "1 for the algorithm driving the limit (none: static), 0 for the others",
            MetricDetail.LIMIT_ALGORITHM, GUARD, ALGORITHM);
    /** {@link MetricDetail#LIMIT_ALGORITHM}. */
    public static final MetricSpec PERMITS_IN_FLIGHT = add("firebreak.permits.in.flight", MetricSpec.Type.GAUGE, "{call}",
            null, "firebreak_permits_in_flight", "Isolation permits held now, abandoned calls included",
            MetricDetail.LIMIT_ALGORITHM, GUARD);

    // Per call policy (retry, hedge): its name and its guard's.
    /** Calls made through a retry policy. */
    public static final MetricSpec RETRY_CALLS = add("firebreak.retry.calls", MetricSpec.Type.COUNTER, "{call}", "calls",
            "firebreak_retry_calls_total", "Calls made through the retry policy", null, POLICY, GUARD);
    /** Attempts of a retry policy. */
    public static final MetricSpec RETRY_ATTEMPTS = add("firebreak.retry.attempts", MetricSpec.Type.COUNTER, "{attempt}",
            "attempts", "firebreak_retry_attempts_total", "Attempts started by the retry policy, first ones included",
            null, POLICY, GUARD);
    /** A retry policy's decisions, {@link #RETRY_EVENT_VALUES}. */
    public static final MetricSpec RETRY_EVENTS = add("firebreak.retry.events", MetricSpec.Type.COUNTER, "{event}", "events",
            "firebreak_retry_events_total",
            "The retry policy's decisions: retried, budget_exhausted, deadline_reached, fallback, server_delay, "
                    + "server_delay_too_long", null,
            POLICY, GUARD, EVENT);
    /** Calls made through a hedging policy. */
    public static final MetricSpec HEDGE_CALLS = add("firebreak.hedge.calls", MetricSpec.Type.COUNTER, "{call}", "calls",
            "firebreak_hedge_calls_total", "Calls made through the hedging policy", null, POLICY, GUARD);
    /** Attempts of a hedging policy. */
    public static final MetricSpec HEDGE_ATTEMPTS = add("firebreak.hedge.attempts", MetricSpec.Type.COUNTER, "{attempt}",
            "attempts", "firebreak_hedge_attempts_total", "Attempts started by the hedging policy, first ones included",
            null, POLICY, GUARD);
    /** A hedging policy's decisions, {@link #HEDGE_EVENT_VALUES}. */
    public static final MetricSpec HEDGE_EVENTS = add("firebreak.hedge.events", MetricSpec.Type.COUNTER, "{event}", "events",
            "firebreak_hedge_events_total",
            "The hedging policy's decisions: hedged, budget_exhausted, hedge_win, loser_cancelled, server_delay", null,
            POLICY, GUARD, EVENT);

    // Per collapser.
    /** Requests per batch. */
    public static final MetricSpec COLLAPSER_BATCH_SIZE = add("firebreak.collapser.batch.size",
            MetricSpec.Type.DISTRIBUTION, "{request}", null, "firebreak_collapser_batch_size",
            "Requests per batch the collapser dispatched", null, COLLAPSER);
    /** Requests completed. */
    public static final MetricSpec COLLAPSER_REQUESTS = add("firebreak.collapser.requests", MetricSpec.Type.COUNTER,
            "{request}", "requests", "firebreak_collapser_requests_total",
            "Requests of the collapser completed, by any outcome", null, COLLAPSER);
    /** Batches in flight. */
    public static final MetricSpec COLLAPSER_BATCHES_ACTIVE = add("firebreak.collapser.batches.active",
            MetricSpec.Type.GAUGE, "{batch}", null, "firebreak_collapser_batches_active",
            "Batches dispatched whose calls have not all ended", null, COLLAPSER);

    // Per thread pool (THREAD isolation).
    /** Pool gauges. */
    public static final MetricSpec POOL_THREADS_ACTIVE = poolGauge("threads.active", "{thread}", "Threads of the pool running a task now"),
            POOL_THREADS_CURRENT = poolGauge("threads.current", "{thread}", "Threads in the pool now"),
            POOL_THREADS_LARGEST = poolGauge("threads.largest", "{thread}", "Most threads the pool has had at once"),
            POOL_THREADS_CORE = poolGauge("threads.core", "{thread}", "The pool's configured core threads"),
            POOL_THREADS_MAX = poolGauge("threads.max", "{thread}", "The pool's configured maximum threads"),
            POOL_QUEUE_SIZE = poolGauge("queue.size", "{task}", "Tasks waiting in the pool's queue now"),
            POOL_QUEUE_REJECTION_THRESHOLD = poolGauge("queue.rejection.threshold", "{task}",
                    "Queued tasks at which the pool rejects (queueSizeRejectionThreshold)"),
            POOL_TASKS_ADMITTED = poolGauge("tasks.admitted", "{task}", "Calls admitted to the pool and not yet ended");
    /** Tasks completed by a pool. */
    public static final MetricSpec POOL_TASKS_COMPLETED = add("firebreak.pool.tasks.completed", MetricSpec.Type.COUNTER,
            "{task}", null, "firebreak_pool_tasks_completed_total", "Tasks the pool has completed", null, POOL);
    /** {@link MetricDetail#ROLLING_WINDOW}: the pools' rolling figures. */
    public static final MetricSpec POOL_ROLLING_TASKS_EXECUTED = add("firebreak.pool.rolling.tasks.executed",
            MetricSpec.Type.GAUGE, "{task}", null, "firebreak_pool_rolling_tasks_executed",
            "Tasks the pool executed in its rolling window", MetricDetail.ROLLING_WINDOW, POOL),
            POOL_ROLLING_TASKS_REJECTED = add("firebreak.pool.rolling.tasks.rejected", MetricSpec.Type.GAUGE, "{task}",
                    null, "firebreak_pool_rolling_tasks_rejected", "Tasks the pool rejected in its rolling window",
                    MetricDetail.ROLLING_WINDOW, POOL),
            POOL_ROLLING_THREADS_ACTIVE_MAX = add("firebreak.pool.rolling.threads.active.max", MetricSpec.Type.GAUGE,
                    "{thread}", null, "firebreak_pool_rolling_threads_active_max",
                    "Most threads of the pool active at once in its rolling window", MetricDetail.ROLLING_WINDOW, POOL);

    // Per live configuration source.
    /** 1 while a live configuration source cannot be read. */
    public static final MetricSpec CONFIG_SOURCE_FAILING = add("firebreak.config.source.failing", MetricSpec.Type.GAUGE, "",
            null, "firebreak_config_source_failing", "1 while the configuration source cannot be read (its last values stay in force)",
            null, SOURCE);
    /** How long a source has been failing. */
    public static final MetricSpec CONFIG_SOURCE_FAILING_DURATION = add("firebreak.config.source.failing.duration",
            MetricSpec.Type.GAUGE, "s", "seconds", "firebreak_config_source_failing_duration_seconds",
            "How long the configuration source has been failing: how stale its values in force may be", null, SOURCE);

    private static final List<MetricSpec> VIEW = Collections.unmodifiableList(ALL);
    private static final List<EventType> OUTCOMES = java.util.Arrays.stream(EventType.values())
            .filter(t -> t.kind() == EventType.Kind.EXECUTION).toList();
    private static final List<EventType> FALLBACK_EVENTS = List.of(EventType.FALLBACK_SUCCESS, EventType.FALLBACK_FAILURE,
            EventType.FALLBACK_REJECTION, EventType.FALLBACK_MISSING, EventType.FALLBACK_DISABLED);

    private MetricVocabulary() {
    }

    /** Every name, in the order of the table. */
    public static List<MetricSpec> all() {
        return VIEW;
    }

    /** The execution events, one per call: the {@code outcome} values of {@link #CALLS} (lower case). */
    public static List<EventType> outcomes() {
        return OUTCOMES;
    }

    /** The fallback events: the {@code result} values of {@link #FALLBACKS}. */
    public static List<EventType> fallbackEvents() {
        return FALLBACK_EVENTS;
    }

    /** The {@code outcome} value of an execution event: {@code success}, {@code short_circuited}, ... */
    public static String outcome(EventType type) {
        return type.name().toLowerCase(Locale.ROOT);
    }

    /** The {@code result} value of a fallback event: success, failure, rejected, missing, disabled. */
    public static String fallbackResult(EventType type) {
        return switch (type) {
            case FALLBACK_SUCCESS -> "success";
            case FALLBACK_FAILURE -> "failure";
            case FALLBACK_REJECTION -> "rejected";
            case FALLBACK_MISSING -> "missing";
            case FALLBACK_DISABLED -> "disabled";
            default -> throw new IllegalArgumentException("not a fallback event: " + type);
        };
    }

    /** The {@code outcome} value of a call's events (its execution event), or null if it has none. */
    public static String outcome(long events) {
        EventType event = Events.executionEvent(events);
        return event == null ? null : outcome(event);
    }

    /** The {@code result} value of the fallback among a call's events, or null if none was tried. */
    public static String fallbackResult(long events) {
        for (EventType type : FALLBACK_EVENTS) {
            if (Events.contains(events, type)) {
                return fallbackResult(type);
            }
        }
        return null;
    }

    /** A lower-case tag value for an enum constant ({@code HALF_OPEN} → {@code half_open}). */
    public static String tagValue(Enum<?> constant) {
        return constant.name().toLowerCase(Locale.ROOT);
    }

    private static MetricSpec poolGauge(String suffix, String unit, String description) {
        return add("firebreak.pool." + suffix, MetricSpec.Type.GAUGE, unit, null,
                "firebreak_pool_" + suffix.replace('.', '_'), description, null, POOL);
    }

    private static MetricSpec add(String name, MetricSpec.Type type, String unit, String baseUnit, String prometheus,
            String description, MetricDetail detail, String... tags) {
        MetricSpec spec = new MetricSpec(name, type, unit, baseUnit, prometheus, List.of(tags), description, detail);
        ALL.add(spec);
        return spec;
    }
}
