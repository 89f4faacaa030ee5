/**
 * Firebreak's core: guards and their attempt policies (isolation, timeout, circuit breaker, fallback,
 * rate limit, adaptive limit), the call policies that compose guarded attempts (collapsing, retry,
 * hedging, keyed guards), metrics, events, request context and live configuration. Depends on nothing
 * but {@code java.base}.
 */
module dev.firebreak.core {
    // The API, one package per concept. Every package here holds types a user writes or reads; the
    // implementation types that only the engine needs stay package-private or live in the unexported
    // packages below.
    exports dev.firebreak;
    exports dev.firebreak.time;
    exports dev.firebreak.event;
    exports dev.firebreak.attempt;
    exports dev.firebreak.registry;
    exports dev.firebreak.config;
    exports dev.firebreak.rolling;
    exports dev.firebreak.breaker;
    exports dev.firebreak.isolation;
    exports dev.firebreak.timeout;
    exports dev.firebreak.fallback;
    exports dev.firebreak.limit;
    exports dev.firebreak.ratelimit;
    exports dev.firebreak.priority;
    exports dev.firebreak.classify;
    exports dev.firebreak.metrics;
    exports dev.firebreak.context;
    exports dev.firebreak.collapse;
    exports dev.firebreak.keyed;
    exports dev.firebreak.callpolicy;
    exports dev.firebreak.retry;
    exports dev.firebreak.hedge;
    exports dev.firebreak.live;

    // Not exported: dev.firebreak.time.internal (OffTimer, the hand-off from the timer thread) and
    // dev.firebreak.registry.internal (ClosableScheduler, a registry's view of its scheduler). Their
    // types are public only so that other packages of this module can reach them.
}
