package dev.firebreak.opentelemetry;

import dev.firebreak.context.CallObservation;
import dev.firebreak.context.ContextCarrier;
import dev.firebreak.event.EventType;
import dev.firebreak.event.Events;
import dev.firebreak.metrics.MetricVocabulary;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.context.Context;

/** One guarded call's span, with the caller's context it was started in. */
final class GuardSpan implements CallObservation {

    /**
     * A wait shorter than this is the admission's (or hand-off's) own work, not a wait: no park is that
     * short. Without it every sampled call read by the precise clock had an admission event, built and
     * exported for nothing.
     */
    static final long MIN_WAIT_NANOS = 1_000L;

    private final Span span;
    private final Context caller;
    private final Context own;

    GuardSpan(Span span, Context caller) {
        this.span = span;
        this.caller = caller;
        this.own = caller.with(span);
    }

    @Override
    public ContextCarrier.Scope openScope() {
        return CallerContext.attach(own);
    }

    @Override
    public ContextCarrier.Scope restoreCaller() {
        return CallerContext.attach(caller);
    }

    @Override
    public void waited(Wait what, long nanos) {
        if (nanos >= MIN_WAIT_NANOS && span.isRecording()) {
            span.addEvent(what == Wait.QUEUE ? "firebreak.wait.queue" : "firebreak.wait.admission",
                    Attributes.of(SpanAttributes.DURATION, SpanAttributes.seconds(nanos)));
        }
    }

    @Override
    public void stop(long events, Throwable cause, Throwable failure, long executionNanos, long totalNanos) {
        if (span.isRecording()) {
            String outcome = MetricVocabulary.outcome(events);
            if (outcome != null) {
                span.setAttribute(SpanAttributes.OUTCOME, outcome);
            }
            String fallback = MetricVocabulary.fallbackResult(events);
            if (fallback != null) {
                span.setAttribute(SpanAttributes.FALLBACK, fallback);
            }
            if (Events.contains(events, EventType.SLOW_CALL)) {
                span.setAttribute(SpanAttributes.SLOW, true);
            }
            if (Events.contains(events, EventType.INJECTED)) { // chaos: the failure, delay or value was injected
                span.setAttribute(SpanAttributes.CHAOS_INJECTED, true);
            }
            if (failure != null) { // the caller receives an exception: the call failed, as the caller sees it
                span.setAttribute(SpanAttributes.ERROR_TYPE, failure.getClass().getName());
                span.recordException(failure);
                span.setStatus(StatusCode.ERROR, String.valueOf(failure.getMessage()));
            } else if (cause != null) { // a fallback answered: the caller got a value, the failure stays visible
                span.recordException(cause);
            }
        }
        span.end();
    }
}
