package dev.firebreak.stream;

import dev.firebreak.Guard;
import dev.firebreak.GuardConfig;
import dev.firebreak.context.Criticality;
import dev.firebreak.event.EventType;
import dev.firebreak.metrics.EventCounts;
import dev.firebreak.metrics.GuardMetricsSnapshot;
import dev.firebreak.metrics.MetricVocabulary;
import dev.firebreak.priority.PriorityView;
import dev.firebreak.rolling.LatencySnapshot;
import dev.firebreak.ratelimit.RateLimitConfig;

/**
 * Writes one guard as a hystrix.stream {@code HystrixCommand} event: every field of Hystrix's
 * {@code writeCommandMetrics}, in its order, with integer numbers only, then Firebreak's own figures
 * under keys starting with {@code firebreak_} (see {@code docs/monitoring.md}).
 *
 * <p>Mappings where the concepts differ: VIRTUAL isolation is reported as {@code "THREAD"} (the call
 * runs on a thread of its own and the caller walks away at the deadline) with the true strategy in
 * {@code firebreak_isolationStrategy}; LIMIT_REJECTED (the VIRTUAL limit) is added to
 * {@code rollingCountSemaphoreRejected}, as the compatibility checklist advises, and also reported
 * alone; a HALF_OPEN breaker is reported as open ({@code isCircuitBreakerOpen} is true while the
 * breaker is not CLOSED), and a breaker in METRICS_ONLY mode as closed (it short-circuits nothing); the
 * state and the mode that decides it (AUTOMATIC, or an override such as FORCED_OPEN) are
 * {@code firebreak_circuitState} and {@code firebreak_circuitMode}. Firebreak has no EMIT events: those counts are 0. The adaptive limit is
 * {@code firebreak_limit} (the isolation's limit in force) with {@code firebreak_limitAlgorithm} (NONE
 * when static); the rate limiter's refusals, rate (0 when disabled) and waiting callers have keys of their own,
 * and so do a guard's priority refusals by criticality (only for a guard with priorities).
 */
final class CommandEvent {

    private CommandEvent() {
    }

    static void write(JsonWriter json, Guard guard, long currentTimeMillis) {
        GuardConfig c = guard.controls().config();
        GuardMetricsSnapshot s = guard.controls().metrics().snapshot();
        EventCounts r = s.rolling();
        RateLimitConfig rateLimit = guard.controls().rateLimiter().config();
        json.begin()
                .field("type", "HystrixCommand")
                .field("name", guard.name())
                .field("group", guard.controls().groupName())
                .field("currentTime", currentTimeMillis)
                .field("isCircuitBreakerOpen", c.breaker().enabled() && s.circuitOpen())
                .field("errorPercentage", s.health().errorPercentage())
                .field("errorCount", s.health().errorCount())
                .field("requestCount", s.health().requestCount())
                .field("rollingCountBadRequests", r.get(EventType.BAD_REQUEST))
                .field("rollingCountCollapsedRequests", r.get(EventType.COLLAPSED))
                .field("rollingCountEmit", 0)
                .field("rollingCountExceptionsThrown", r.get(EventType.EXCEPTION_THROWN))
                .field("rollingCountFailure", r.get(EventType.FAILURE))
                .field("rollingCountFallbackEmit", 0)
                .field("rollingCountFallbackFailure", r.get(EventType.FALLBACK_FAILURE))
                .field("rollingCountFallbackMissing", r.get(EventType.FALLBACK_MISSING))
                .field("rollingCountFallbackRejection", r.get(EventType.FALLBACK_REJECTION))
                .field("rollingCountFallbackSuccess", r.get(EventType.FALLBACK_SUCCESS))
                .field("rollingCountResponsesFromCache", r.get(EventType.RESPONSE_FROM_CACHE))
                .field("rollingCountSemaphoreRejected",
                        r.get(EventType.SEMAPHORE_REJECTED) + r.get(EventType.LIMIT_REJECTED))
                .field("rollingCountShortCircuited", r.get(EventType.SHORT_CIRCUITED))
                .field("rollingCountSuccess", r.get(EventType.SUCCESS))
                .field("rollingCountThreadPoolRejected", r.get(EventType.THREAD_POOL_REJECTED))
                .field("rollingCountTimeout", r.get(EventType.TIMEOUT))
                .field("currentConcurrentExecutionCount", s.concurrentExecutions())
                .field("rollingMaxConcurrentExecutionCount", s.rollingMaxConcurrentExecutions())
                .field("latencyExecute_mean", s.executionLatency().meanMillis());
        percentiles(json, "latencyExecute", s.executionLatency());
        json.field("latencyTotal_mean", s.totalLatency().meanMillis());
        percentiles(json, "latencyTotal", s.totalLatency());
        json.field("propertyValue_circuitBreakerRequestVolumeThreshold", c.breaker().requestVolumeThreshold())
                .field("propertyValue_circuitBreakerSleepWindowInMilliseconds", c.breaker().sleepWindow().toMillis())
                .field("propertyValue_circuitBreakerErrorThresholdPercentage", c.breaker().errorThresholdPercentage())
                .field("propertyValue_circuitBreakerForceOpen", c.breaker().forceOpen())
                .field("propertyValue_circuitBreakerForceClosed", c.breaker().forceClosed())
                .field("propertyValue_circuitBreakerEnabled", c.breaker().enabled())
                .field("propertyValue_executionIsolationStrategy",
                        guard.controls().isolator().runsOnCaller() ? "SEMAPHORE" : "THREAD")
                .field("propertyValue_executionIsolationThreadTimeoutInMilliseconds", c.timeout().timeout().toMillis())
                .field("propertyValue_executionTimeoutInMilliseconds", c.timeout().timeout().toMillis())
                .field("propertyValue_executionIsolationThreadInterruptOnTimeout", c.timeout().interruptOnTimeout())
                .field("propertyValue_executionIsolationThreadPoolKeyOverride",
                        guard.controls().poolName().equals(guard.controls().groupName()) ? null : guard.controls().poolName())
                .field("propertyValue_executionIsolationSemaphoreMaxConcurrentRequests", c.isolation().semaphoreMaxConcurrentRequests())
                .field("propertyValue_fallbackIsolationSemaphoreMaxConcurrentRequests", c.fallback().maxConcurrentRequests())
                .field("propertyValue_metricsRollingStatisticalWindowInMilliseconds", c.metrics().rollingStatsWindow().toMillis())
                .field("propertyValue_requestCacheEnabled", c.request().cacheEnabled())
                .field("propertyValue_requestLogEnabled", c.request().logEnabled())
                .field("reportingHosts", 1)
                .field("threadPool", guard.controls().poolName())
                // Firebreak's own figures: ignored by the Hystrix Dashboard, summed by Turbine when integers.
                .field("firebreak_circuitState", s.circuitState().name())
                .field("firebreak_circuitMode", s.circuitMode().name())
                .field("firebreak_isolationStrategy", guard.controls().isolationStrategy().name())
                .field("firebreak_rollingCountLimitRejected", r.get(EventType.LIMIT_REJECTED))
                .field("firebreak_rollingCountSlowCall", r.get(EventType.SLOW_CALL))
                .field("firebreak_rollingCountCancelled", r.get(EventType.CANCELLED))
                .field("firebreak_rollingCountFallbackDisabled", r.get(EventType.FALLBACK_DISABLED))
                .field("firebreak_permitsInFlight", guard.controls().permitsInFlight())
                .field("firebreak_concurrencyLimit", guard.controls().isolator().limit())
                .field("firebreak_limit", guard.controls().isolator().limit())
                .field("firebreak_limitAlgorithm", guard.controls().isolator().limitAlgorithm().name())
                .field("firebreak_rollingCountRateLimited", r.get(EventType.RATE_LIMITED))
                .field("firebreak_rateLimitPermitsPerSecond", rateLimit.enabled() ? rateLimit.permitsPerSecond() : 0)
                .field("firebreak_rateLimitWaiting", guard.controls().rateLimiter().waiting())
                .field("firebreak_propertyValue_executionIsolationVirtualMaxConcurrentRequests",
                        c.isolation().virtualMaxConcurrentRequests())
                .field("firebreak_propertyValue_circuitBreakerHalfOpenTrialCalls", c.breaker().halfOpenTrialCalls())
                .field("firebreak_propertyValue_circuitBreakerSlowCallDurationThresholdInMilliseconds",
                        c.breaker().slowCallDurationThreshold().toMillis())
                .field("firebreak_propertyValue_circuitBreakerSlowCallThresholdPercentage",
                        c.breaker().slowCallThresholdPercentage())
                .field("firebreak_propertyValue_circuitBreakerSlidingWindowType", c.breaker().slidingWindowType().name())
                .field("firebreak_propertyValue_circuitBreakerSlidingWindowSize", c.breaker().slidingWindowSize());
        priorities(json, guard.controls().priorities());
        json.end();
    }

    /**
     * A guard with priorities only: {@code firebreak_priorityRejected}, its refusals since creation by
     * criticality ({@code {"critical_plus": 0, "critical": 0, "sheddable_plus": 3, "sheddable": 41}}), and
     * {@code firebreak_priorityThreshold}, the rejection threshold in force (0-128).
     */
    static void priorities(JsonWriter json, PriorityView priorities) {
        if (!priorities.enabled()) {
            return;
        }
        json.beginObject("firebreak_priorityRejected");
        for (Criticality level : Criticality.values()) {
            json.field(MetricVocabulary.tagValue(level), priorities.rejected(level));
        }
        json.end().field("firebreak_priorityThreshold", priorities.threshold());
    }

    /** The percentile object: keys "0" … "100" as Hystrix writes them, values in whole milliseconds. */
    static void percentiles(JsonWriter json, String key, LatencySnapshot latency) {
        json.beginObject(key);
        for (double p : LatencySnapshot.PERCENTILES) {
            json.field(percentileKey(p), latency.percentileMillis(p));
        }
        json.end();
    }

    /** 25.0 → "25", 99.5 → "99.5". */
    static String percentileKey(double p) {
        return p == Math.rint(p) ? Long.toString((long) p) : Double.toString(p);
    }
}
