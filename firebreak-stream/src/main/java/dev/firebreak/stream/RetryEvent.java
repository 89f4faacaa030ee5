package dev.firebreak.stream;

import dev.firebreak.retry.Retry;
import dev.firebreak.retry.RetryConfig;
import dev.firebreak.retry.RetryMetrics;

/**
 * Writes one retry policy as a {@code FirebreakRetry} event, a type of Firebreak's own (the hystrix.stream
 * format has no retries; dashboards that do not know the type skip it): the policy's and its guard's
 * names, its cumulative counts, its budget's figures over the current window and its configuration.
 */
final class RetryEvent {

    private RetryEvent() {
    }

    static void write(JsonWriter json, Retry retry, long currentTimeMillis) {
        RetryMetrics m = retry.metrics();
        RetryConfig c = retry.config();
        CallPolicyFields.head(json, "FirebreakRetry", retry, currentTimeMillis)
                .field("cumulativeCountCalls", m.calls())
                .field("cumulativeCountAttempts", m.attempts())
                .field("cumulativeCountRetried", m.retried())
                .field("cumulativeCountRetryBudgetExhausted", m.budgetExhausted())
                .field("cumulativeCountDeadlineReached", m.deadlineReached())
                .field("cumulativeCountFallbacks", m.fallbacks());
        CallPolicyFields.budget(json, retry)
                .field("propertyValue_maxAttempts", c.maxAttempts())
                .field("propertyValue_backoffInitialInMilliseconds", c.initialBackoff().toMillis())
                .field("propertyValue_backoffMaxInMilliseconds", c.maxBackoff().toMillis())
                .field("propertyValue_backoffMultiplier", c.backoffMultiplier())
                .field("propertyValue_backoffJitter", c.jitter().name())
                .field("propertyValue_deadlineInMilliseconds", c.deadline().toMillis());
        CallPolicyFields.tail(json, c).end();
    }
}
