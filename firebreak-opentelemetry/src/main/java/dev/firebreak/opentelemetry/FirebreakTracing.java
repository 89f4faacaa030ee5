package dev.firebreak.opentelemetry;

import dev.firebreak.GuardRegistry;
import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.api.trace.TracerProvider;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * OpenTelemetry spans for a registry's guarded calls and for the retries, hedges and collapsers built
 * on its guards, bound in one call, on a registry already built and in use:
 *
 * <pre>{@code
 * try (FirebreakTracing tracing = FirebreakTracing.bind(registry, openTelemetry)) {
 *     ... // every call of every guard of registry is a span
 * }
 * }</pre>
 *
 * <p>What is recorded (see docs/observability.md, "Traces"):
 * <ul>
 *   <li>one span per guarded call, named after the guard, a child of the caller's current span,
 *       started at entry on the caller's thread: {@code firebreak.guard}, {@code firebreak.group},
 *       {@code firebreak.isolation}, {@code firebreak.pool} (thread isolation),
 *       {@code firebreak.limit.algorithm} (an adaptive limit), {@code firebreak.call.mode}, and at its
 *       end {@code firebreak.outcome} (success, failure, timeout, short_circuited, ...: the metrics'
 *       outcome values), {@code firebreak.fallback} (success, failure, rejected, missing, disabled)
 *       when a fallback was tried; waits as events ({@code firebreak.wait.admission},
 *       {@code firebreak.wait.queue}); the span is current wherever the user's code and its fallback
 *       run, so their own spans are its children (a span the sampler drops records nothing: the
 *       caller's context is carried there instead, so the user's spans keep a parent that exists);</li>
 *   <li>errors as OpenTelemetry's conventions say: status ERROR, {@code error.type} and an exception
 *       event when the caller receives an exception; when a fallback answered, the status stays UNSET
 *       (the caller got a value) and the failure that made the fallback run is an exception event;</li>
 *   <li>one span per retry or hedge call ({@code firebreak.policy}), whose attempts are the guarded
 *       calls' spans, its children, each with {@code firebreak.attempt}; the backoff, budget,
 *       throttle and deadline decisions as events; a hedge's cancelled loser ends with outcome
 *       {@code cancelled};</li>
 *   <li>one span per collapsed request, linked to the span of the batch that served it (a root span
 *       with links back, whose child is the batch's guarded call).</li>
 * </ul>
 *
 * <p>One tracer per registry: {@link #close()} unbinds it (calls already started still end their spans).
 *
 * <p>What a call costs: bound to a no-op OpenTelemetry ({@code OpenTelemetry.noop()}, a no-op tracer
 * provider, or {@code GlobalOpenTelemetry.get()} when nothing was set, which fixes the global at no-op),
 * nothing is installed and calls cost what they cost unbound. A no-op instance never becomes a real one,
 * so bind after the real OpenTelemetry is built or set. Under a current parent span that is valid and
 * not sampled no span is built at all (OpenTelemetry's default parent-based sampler would drop it): only
 * the caller's context is carried to where the call's code runs. A sampler that may sample under an
 * unsampled parent is asked every time with {@link Builder#alwaysAskSampler()}.
 */
public final class FirebreakTracing implements AutoCloseable {

    /** The instrumentation scope's name, as OpenTelemetry's conventions ask of instrumentation libraries. */
    public static final String INSTRUMENTATION_NAME = "dev.firebreak";

    private final GuardRegistry registry;
    private final SpanCallTracer tracer; // null when bound to a no-op tracer: nothing installed
    private final AtomicBoolean closed = new AtomicBoolean();

    private FirebreakTracing(GuardRegistry registry, SpanCallTracer tracer) {
        this.registry = registry;
        this.tracer = tracer;
    }

    /**
     * Binds {@code openTelemetry}'s tracer to {@code registry}: from the next call on, its guards (built
     * before or after), and the retries, hedges and collapsers on them, make spans. A no-op
     * OpenTelemetry installs nothing (see the class's notes).
     *
     * @throws IllegalStateException if the registry already has a call tracer
     */
    public static FirebreakTracing bind(GuardRegistry registry, OpenTelemetry openTelemetry) {
        return builder(openTelemetry).bind(registry);
    }

    /** {@link #bind(GuardRegistry, OpenTelemetry)} with a tracer of one's own. */
    public static FirebreakTracing bind(GuardRegistry registry, Tracer tracer) {
        return builder(tracer).bind(registry);
    }

    /** A binding of {@code openTelemetry}'s tracer with options; {@link Builder#bind} ends it. */
    public static Builder builder(OpenTelemetry openTelemetry) {
        Objects.requireNonNull(openTelemetry, "openTelemetry");
        return builder(openTelemetry.getTracer(INSTRUMENTATION_NAME));
    }

    /** A binding of {@code tracer} with options; {@link Builder#bind} ends it. */
    public static Builder builder(Tracer tracer) {
        return new Builder(Objects.requireNonNull(tracer, "tracer"));
    }

    /** Whether a tracer was installed: false when bound to a no-op OpenTelemetry, or once closed. */
    public boolean isInstalled() {
        return tracer != null && !closed.get();
    }

    /** Unbinds the tracer from the registry; idempotent. */
    @Override
    public void close() {
        if (closed.compareAndSet(false, true) && tracer != null) {
            registry.releaseTracer(tracer);
        }
    }

    @Override
    public String toString() {
        return "FirebreakTracing[" + (closed.get() ? "closed" : tracer == null ? "no-op" : "bound") + "]";
    }

    /** Options of a binding: {@link FirebreakTracing#builder(OpenTelemetry)}. */
    public static final class Builder {

        private final Tracer tracer;
        private boolean alwaysAskSampler;

        private Builder(Tracer tracer) {
            this.tracer = tracer;
        }

        /**
         * Builds a span (and so asks the sampler) even under a current parent that is not sampled. Only
         * for a sampler that may sample under an unsampled parent: OpenTelemetry's default
         * ({@code parentBased}) never does, and by default such a call builds no span at all.
         */
        public Builder alwaysAskSampler() {
            this.alwaysAskSampler = true;
            return this;
        }

        /**
         * Installs the tracer in {@code registry} (nothing when the tracer is OpenTelemetry's no-op one).
         *
         * @throws IllegalStateException if the registry already has a call tracer
         */
        public FirebreakTracing bind(GuardRegistry registry) {
            Objects.requireNonNull(registry, "registry");
            if (tracer == TracerProvider.noop().get(INSTRUMENTATION_NAME)) { // the API's one no-op tracer
                return new FirebreakTracing(registry, null);
            }
            SpanCallTracer calls = new SpanCallTracer(tracer, !alwaysAskSampler);
            registry.useTracer(calls);
            return new FirebreakTracing(registry, calls);
        }
    }
}
