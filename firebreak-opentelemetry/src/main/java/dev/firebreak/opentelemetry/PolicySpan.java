package dev.firebreak.opentelemetry;

import dev.firebreak.GuardException;
import dev.firebreak.context.ContextCarrier;
import dev.firebreak.context.PolicyObservation;
import dev.firebreak.event.EventType;
import dev.firebreak.event.Events;
import dev.firebreak.metrics.MetricVocabulary;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.Scope;
import java.util.concurrent.atomic.AtomicInteger;

/** One call of a retry, a hedge, a collapsed request or a batch, as a span. */
final class PolicySpan implements PolicyObservation {

    private final Span span;
    private final Context caller;
    private final Context own;
    private final AtomicInteger links = new AtomicInteger();

    PolicySpan(Span span, Context parent) {
        this.span = span;
        this.caller = parent;
        this.own = parent.with(span);
    }

    @Override
    public ContextCarrier.Scope restoreCaller() {
        return CallerContext.attach(caller);
    }

    @Override
    public ContextCarrier.Scope attempt(int number) {
        Scope scope = own.with(SpanCallTracer.ATTEMPT, new SpanCallTracer.Attempt(span, number)).makeCurrent();
        return scope::close;
    }

    @Override
    public void event(String name, long nanos) {
        if (span.isRecording()) {
            span.addEvent("firebreak." + name, nanos > 0
                    ? Attributes.of(SpanAttributes.DURATION, SpanAttributes.seconds(nanos)) : Attributes.empty());
        }
    }

    @Override
    public void link(PolicyObservation other) {
        if (other instanceof PolicySpan batch) {
            span.addLink(batch.span.getSpanContext());
            batch.span.addLink(span.getSpanContext());
            batch.links.incrementAndGet();
        }
    }

    @Override
    public void stop(long events, int attempts, Throwable failure) {
        if (span.isRecording()) {
            span.setAttribute(SpanAttributes.ATTEMPTS, (long) attempts);
            int linked = links.get();
            if (linked > 0) {
                span.setAttribute(SpanAttributes.BATCH_SIZE, (long) linked);
            }
            String fallback = MetricVocabulary.fallbackResult(events);
            if (fallback != null) {
                span.setAttribute(SpanAttributes.FALLBACK, fallback);
            }
            if (Events.contains(events, EventType.CANCELLED) && failure == null) {
                span.setAttribute(SpanAttributes.OUTCOME, "cancelled");
            } else {
                span.setAttribute(SpanAttributes.OUTCOME, failure == null ? "success" : outcomeOf(failure, events));
            }
            if (failure != null) {
                span.setAttribute(SpanAttributes.ERROR_TYPE, failure.getClass().getName());
                span.recordException(failure);
                span.setStatus(StatusCode.ERROR, String.valueOf(failure.getMessage()));
            }
        }
        span.end();
    }

    private static String outcomeOf(Throwable failure, long events) {
        if (failure instanceof GuardException guarded) {
            String word = MetricVocabulary.outcome(guarded.event().bit());
            return word == null ? "failure" : word;
        }
        return Events.contains(events, EventType.BAD_REQUEST) ? "bad_request" : "failure";
    }
}
