package dev.firebreak;

import dev.firebreak.context.RequestContext;
import dev.firebreak.event.EventType;
import dev.firebreak.event.GuardListener;
import dev.firebreak.event.ListenerFailures;
import dev.firebreak.internal.FallbackResult;
import dev.firebreak.internal.GuardSide;

/** What the pipeline asks of a guard: its configuration, its exceptions, the fallback, the log and the listeners. */
final class GuardHooks implements GuardSide {

    private final GuardPolicy policy;
    private final String name;

    GuardHooks(GuardPolicy policy) {
        this.policy = policy;
        this.name = policy.name();
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public GuardConfig config() {
        return policy.config();
    }

    @Override
    public GuardException failureFor(EventType event, Throwable cause) {
        return switch (event) {
            case SHORT_CIRCUITED -> new ShortCircuitedException(name);
            case TIMEOUT -> new GuardTimeoutException(name, policy.config().timeoutInMilliseconds());
            case THREAD_POOL_REJECTED -> policy.threadPool() != null && policy.threadPool().isShutdown()
                    ? RejectedException.poolShutDown(name, policy.poolName())
                    : new RejectedException(name, event, policy.isolator().limit());
            case SEMAPHORE_REJECTED, LIMIT_REJECTED -> new RejectedException(name, event, policy.isolator().limit());
            case RATE_LIMITED -> new RejectedException(name, event, policy.rateLimiter().config().permitsPerSecond());
            default -> new CallFailedException(name, cause);
        };
    }

    @Override
    public GuardException atCallerSite(GuardException failure) {
        return failure.atCallerSite();
    }

    @Override
    public <T> FallbackResult<T> fallback(Fallback<T> fallback, GuardException failure) {
        if (fallback == null) {
            return FallbackResult.failed(EventType.FALLBACK_MISSING, failure.withFallback(EventType.FALLBACK_MISSING, null));
        }
        if (!policy.config().fallbackEnabled()) {
            return FallbackResult.failed(EventType.FALLBACK_DISABLED, failure.withFallback(EventType.FALLBACK_DISABLED, null));
        }
        if (!policy.fallbackPermits().tryAcquire()) {
            return FallbackResult.failed(EventType.FALLBACK_REJECTION, failure.withFallback(EventType.FALLBACK_REJECTION, null));
        }
        try {
            return FallbackResult.value(fallback.recover(failure));
        } catch (Throwable thrown) {
            return FallbackResult.failed(EventType.FALLBACK_FAILURE, failure.withFallback(EventType.FALLBACK_FAILURE, thrown));
        } finally {
            policy.fallbackPermits().release();
        }
    }

    @Override
    public void report(long events, long executionNanos, long totalNanos) {
        RequestContext context = RequestContext.currentOrNull();
        if (context != null && policy.config().requestLogEnabled()) {
            context.log().add(name, events, totalNanos);
        }
        for (GuardListener listener : policy.listeners()) {
            tell(listener, events, executionNanos, totalNanos);
        }
        for (GuardListener listener : policy.registry().listeners()) {
            tell(listener, events, executionNanos, totalNanos);
        }
    }

    /** One listener, under the one rule (no allocation unless it throws). */
    private void tell(GuardListener listener, long events, long executionNanos, long totalNanos) {
        try {
            listener.onCall(name, events, executionNanos, totalNanos);
        } catch (Throwable thrown) {
            ListenerFailures.report(listener, "a call of guard '" + name + "'", thrown);
        }
    }
}
