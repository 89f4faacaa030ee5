package dev.firebreak;

import dev.firebreak.classify.Classifier;
import dev.firebreak.context.CallTracer;
import dev.firebreak.context.ContextCarrier;
import dev.firebreak.context.Criticality;
import dev.firebreak.context.TracedGuard;
import dev.firebreak.context.RequestContext;
import dev.firebreak.event.EventType;
import dev.firebreak.event.GuardListener;
import dev.firebreak.event.ListenerFailures;
import java.util.List;

/** What the pipeline asks of a guard: its configuration, its exceptions, the fallback, the log and the listeners. */
final class GuardHooks implements GuardSide, TracedGuard {

    private final GuardControls policy;
    private final GuardRegistry registry;
    private final String name;
    /*
     * The guard's and the registry's listener lists (the lists themselves never change; their contents
     * may), held here so that each call reaches them in one load rather than through the guard and the
     * registry: every call asks whether there are any, twice (measured: about 1 ns of a 27 ns call).
     */
    private final List<GuardListener> guardListeners;
    private final List<GuardListener> registryListeners;
    /** What every fallback of a short-circuited call receives: shared, immutable, no stack. */
    private final ShortCircuitedException shortCircuited;
    /** The rejection fallbacks received last; replaced when the event or the limit differs. */
    private volatile RejectedException rejected;
    /** With priorities: the shared LIMIT_REJECTED exception per criticality (by ordinal), as {@link #rejected}. */
    private final PriorityRejectedException[] byLevel = new PriorityRejectedException[4];

    GuardHooks(GuardControls policy) {
        this.policy = policy;
        this.name = policy.name();
        this.registry = policy.registry();
        this.guardListeners = policy.listeners();
        this.registryListeners = registry.listeners();
        this.shortCircuited = new ShortCircuitedException(name, true);
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public CallTracer tracer() {
        return registry.tracer();
    }

    @Override
    public TracedGuard traced() {
        return this;
    }

    @Override
    public String group() {
        return policy.groupName();
    }

    @Override
    public String pool() {
        return policy.poolName();
    }

    @Override
    public String isolation() {
        return switch (policy.config().isolation().strategy()) {
            case THREAD -> "thread";
            case SEMAPHORE -> "semaphore";
            case VIRTUAL -> "virtual";
        };
    }

    @Override
    public String adaptiveLimit() {
        return switch (policy.config().limit().algorithm()) {
            case NONE -> null;
            case AIMD -> "aimd";
            case GRADIENT2 -> "gradient2";
            case VEGAS -> "vegas";
        };
    }

    @Override
    public GuardConfig config() {
        return policy.config();
    }

    @Override
    public Classifier classifier() {
        return policy.classifier();
    }

    @Override
    public GuardException failureFor(EventType event, Throwable cause) {
        return switch (event) {
            case SHORT_CIRCUITED -> new ShortCircuitedException(name);
            case TIMEOUT -> new GuardTimeoutException(name, policy.config().timeout().timeout().toMillis());
            case THREAD_POOL_REJECTED -> policy.threadPool() != null && policy.threadPool().isShutdown()
                    ? RejectedException.poolShutDown(name, policy.poolName())
                    : new RejectedException(name, event, policy.isolator().limit());
            case LIMIT_REJECTED -> policy.prioritized()
                    // refused on this thread, whose level the priority limit read: name it
                    ? new PriorityRejectedException(name, policy.isolator().limit(), Criticality.current())
                    : new RejectedException(name, event, policy.isolator().limit());
            case SEMAPHORE_REJECTED -> new RejectedException(name, event, policy.isolator().limit());
            case RATE_LIMITED -> new RateLimitedException(name, policy.rateLimiter().config().permitsPerSecond());
            default -> new CallFailedException(name, cause);
        };
    }

    @Override
    public ContextCarrier contextCarrier() {
        return policy.registry().contextCarrier();
    }

    @Override
    public GuardException atCallerSite(GuardException failure) {
        return failure.atCallerSite();
    }

    @Override
    public Object recover(Fallback<?> fallback, EventType event, Throwable cause) {
        if (fallback == DeferredFallback.INSTANCE) {
            // A call policy's attempt: its caller runs the fallback; the guard records no caller's outcome.
            return FallbackResult.deferred(failureFor(event, cause));
        }
        if (fallback == null) {
            return failed(EventType.FALLBACK_MISSING, failureFor(event, cause), null);
        }
        if (!policy.config().fallback().enabled()) {
            return failed(EventType.FALLBACK_DISABLED, failureFor(event, cause), null);
        }
        if (!policy.fallbackPermits().tryAcquire()) {
            return failed(EventType.FALLBACK_REJECTION, failureFor(event, cause), null);
        }
        GuardException failure = cause == null ? sharedRefusal(event) : null;
        if (failure == null) {
            failure = failureFor(event, cause);
        }
        try {
            return fallback.recover(failure);
        } catch (Throwable thrown) {
            // The caller gets an exception of its own, never the shared one the fallback saw.
            GuardException told = failure.isShared() ? failureFor(event, cause) : failure;
            // A fallback may say it has none for this failure (the call ends as without a fallback), or
            // that a bound of its own refused it (as the guard's fallback bound would).
            return failed(thrown instanceof NoFallbackException ? EventType.FALLBACK_MISSING
                    : thrown instanceof FallbackRejectedException ? EventType.FALLBACK_REJECTION : EventType.FALLBACK_FAILURE, told, thrown);
        } finally {
            policy.fallbackPermits().release();
        }
    }

    private static FallbackResult<Object> failed(EventType fallbackEvent, GuardException failure, Throwable thrown) {
        return FallbackResult.failed(fallbackEvent, failure.withFallback(fallbackEvent, thrown));
    }

    /**
     * The shared exception a refusal's fallback receives, or null if {@code event} needs one of its
     * own. SHORT_CIRCUITED: one instance for the guard's life. A rejection by a limit: one instance
     * per (event, limit), replaced when either changes (a pool shut down always gets its own). Shared
     * instances hold only what every such refusal has in common, so no call's state travels.
     */
    private GuardException sharedRefusal(EventType event) {
        int limit;
        switch (event) {
            case SHORT_CIRCUITED -> {
                return shortCircuited;
            }
            case SEMAPHORE_REJECTED, LIMIT_REJECTED -> limit = policy.isolator().limit();
            case THREAD_POOL_REJECTED -> {
                if (policy.threadPool() != null && policy.threadPool().isShutdown()) {
                    return null;
                }
                limit = policy.isolator().limit();
            }
            case RATE_LIMITED -> limit = policy.rateLimiter().config().permitsPerSecond();
            default -> {
                return null;
            }
        }
        if (event == EventType.LIMIT_REJECTED && policy.prioritized()) {
            return sharedByLevel(Criticality.current(), limit);
        }
        RejectedException last = rejected;
        if (last != null && last.says(event, limit)) {
            return last;
        }
        RejectedException made = event == EventType.RATE_LIMITED ? new RateLimitedException(name, limit, true)
                : new RejectedException(name, event, limit, true);
        rejected = made; // racing refusals may each store theirs: each is a valid instance
        return made;
    }

    private PriorityRejectedException sharedByLevel(Criticality level, int limit) {
        PriorityRejectedException last = byLevel[level.ordinal()];
        if (last != null && last.says(level, limit)) {
            return last;
        }
        PriorityRejectedException made = new PriorityRejectedException(name, limit, level, true);
        byLevel[level.ordinal()] = made; // a plain write: racing refusals each store a valid instance
        return made;
    }

    @Override
    public boolean hasListeners() {
        return !guardListeners.isEmpty() || !registryListeners.isEmpty();
    }

    @Override
    public void report(long events, long executionNanos, long totalNanos) {
        RequestContext context = RequestContext.currentOrNull();
        if (context != null && policy.config().request().logEnabled()) {
            context.log().add(name, events, totalNanos);
        }
        for (GuardListener listener : guardListeners) {
            tell(listener, events, executionNanos, totalNanos);
        }
        for (GuardListener listener : registryListeners) {
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
