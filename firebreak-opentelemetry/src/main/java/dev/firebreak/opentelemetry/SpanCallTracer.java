package dev.firebreak.opentelemetry;

import dev.firebreak.context.CallObservation;
import dev.firebreak.context.CallTracer;
import dev.firebreak.context.PolicyObservation;
import dev.firebreak.context.TracedGuard;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanBuilder;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.ContextKey;

/** The {@link CallTracer} that makes a span of every guarded call and call-policy call. */
final class SpanCallTracer implements CallTracer {

    /**
     * Set in the context while a policy's attempt starts: the policy's span and the attempt's number.
     * Read only when the current span is that policy's span, so a guarded call nested inside the
     * attempt's own code is not taken for an attempt.
     */
    static final ContextKey<Attempt> ATTEMPT = ContextKey.named("firebreak.attempt");

    record Attempt(Span policy, int number) {
    }

    private final Tracer tracer;
    private final boolean skipUnsampledParent;

    SpanCallTracer(Tracer tracer, boolean skipUnsampledParent) {
        this.tracer = tracer;
        this.skipUnsampledParent = skipUnsampledParent;
    }

    /**
     * Whether no span is to be built under {@code caller}: its span is valid and not sampled, so the
     * default parent-based sampler would drop ours (unless told to ask the sampler every time). Checked
     * before a span builder exists: such a call costs no builder, no ids and no sampler.
     */
    private boolean unsampledParent(Context caller) {
        if (!skipUnsampledParent) {
            return false;
        }
        SpanContext parent = Span.fromContext(caller).getSpanContext();
        return parent.isValid() && !parent.isSampled();
    }

    @Override
    public CallObservation startCall(TracedGuard guard, CallMode mode) {
        Context caller = Context.current();
        if (unsampledParent(caller)) {
            return new CallerContext(caller); // the caller's context still goes wherever the code runs
        }
        // No attributes on the builder: a sampler sees the span's name (the guard's), and a span it drops
        // costs no attribute map. A recording span gets them right after its start.
        Span span = tracer.spanBuilder(guard.name()).setParent(caller).setSpanKind(SpanKind.INTERNAL).startSpan();
        if (!span.isRecording()) {
            // Not sampled (or a no-op API): nothing to record. The caller's context is what the user's code
            // should see, so its own spans keep a parent that exists; it travels to wherever the code runs.
            return new CallerContext(caller);
        }
        span.setAttribute(SpanAttributes.GUARD, guard.name());
        span.setAttribute(SpanAttributes.GROUP, guard.group());
        String isolation = guard.isolation();
        span.setAttribute(SpanAttributes.ISOLATION, isolation);
        span.setAttribute(SpanAttributes.CALL_MODE, mode(mode));
        if ("thread".equals(isolation)) {
            span.setAttribute(SpanAttributes.POOL, guard.pool());
        }
        String algorithm = guard.adaptiveLimit();
        if (algorithm != null) {
            span.setAttribute(SpanAttributes.LIMIT_ALGORITHM, algorithm);
        }
        Attempt attempt = caller.get(ATTEMPT);
        if (attempt != null && attempt.policy() == Span.fromContext(caller)) {
            span.setAttribute(SpanAttributes.ATTEMPT, (long) attempt.number());
        }
        return new GuardSpan(span, caller);
    }

    @Override
    public PolicyObservation startPolicy(String kind, String name, String guard) {
        Context caller = Context.current();
        boolean batch = "batch".equals(kind);
        if (!batch && unsampledParent(caller)) {
            return new CallerPolicyContext(caller); // no span: its attempts are carried under the caller's context
        }
        SpanBuilder builder = tracer.spanBuilder(batch ? name + " batch" : name).setSpanKind(SpanKind.INTERNAL)
                .setAttribute(SpanAttributes.POLICY, kind)
                .setAttribute(SpanAttributes.POLICY_NAME, name)
                .setAttribute(SpanAttributes.GUARD, guard);
        if (batch) {
            builder.setNoParent(); // a batch serves many callers: it belongs to none, they link to it
        } else {
            builder.setParent(caller);
        }
        return new PolicySpan(builder.startSpan(), batch ? Context.root() : caller);
    }

    private static String mode(CallMode mode) {
        return switch (mode) {
            case EXECUTE -> "execute";
            case SUBMIT -> "submit";
            case SUBMIT_ASYNC -> "submit_async";
        };
    }

    @Override
    public String toString() {
        return "SpanCallTracer[" + tracer + "]";
    }
}
