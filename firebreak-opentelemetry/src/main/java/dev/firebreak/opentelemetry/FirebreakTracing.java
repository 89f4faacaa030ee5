package dev.firebreak.opentelemetry;

import dev.firebreak.GuardRegistry;
import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.trace.Tracer;
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
 */
public final class FirebreakTracing implements AutoCloseable {

    /** The instrumentation scope's name, as OpenTelemetry's conventions ask of instrumentation libraries. */
    public static final String INSTRUMENTATION_NAME = "dev.firebreak";

    private final GuardRegistry registry;
    private final SpanCallTracer tracer;
    private final AtomicBoolean closed = new AtomicBoolean();

    private FirebreakTracing(GuardRegistry registry, SpanCallTracer tracer) {
        this.registry = registry;
        this.tracer = tracer;
    }

    /**
     * Binds {@code openTelemetry}'s tracer to {@code registry}: from the next call on, its guards (built
     * before or after), and the retries, hedges and collapsers on them, make spans.
     *
     * @throws IllegalStateException if the registry already has a call tracer
     */
    public static FirebreakTracing bind(GuardRegistry registry, OpenTelemetry openTelemetry) {
        Objects.requireNonNull(openTelemetry, "openTelemetry");
        return bind(registry, openTelemetry.getTracer(INSTRUMENTATION_NAME));
    }

    /** {@link #bind(GuardRegistry, OpenTelemetry)} with a tracer of one's own. */
    public static FirebreakTracing bind(GuardRegistry registry, Tracer tracer) {
        Objects.requireNonNull(registry, "registry");
        SpanCallTracer calls = new SpanCallTracer(Objects.requireNonNull(tracer, "tracer"));
        registry.useTracer(calls);
        return new FirebreakTracing(registry, calls);
    }

    /** Unbinds the tracer from the registry; idempotent. */
    @Override
    public void close() {
        if (closed.compareAndSet(false, true)) {
            registry.releaseTracer(tracer);
        }
    }

    @Override
    public String toString() {
        return "FirebreakTracing[" + (closed.get() ? "closed" : "bound") + "]";
    }
}
