package dev.firebreak.opentelemetry;

import dev.firebreak.context.Criticality;
import io.opentelemetry.api.baggage.Baggage;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.Scope;
import java.util.Objects;
import java.util.Optional;

/**
 * A request's {@link Criticality} in OpenTelemetry baggage, entry {@value Criticality#BAGGAGE_KEY}, for
 * services without the Spring starter: the baggage propagator ({@code W3CBaggagePropagator}, in the
 * default {@code OTEL_PROPAGATORS=tracecontext,baggage}) carries it on every instrumented call, across
 * protocols and languages.
 *
 * <pre>{@code
 * // the caller: put its level in the baggage its outgoing calls send
 * try (Scope baggage = CriticalityBaggage.propagate()) { client.call(); }
 * // the callee, where instrumentation has made the incoming baggage current:
 * try (Criticality.Scope level = CriticalityBaggage.open(Baggage.current(), Criticality.CRITICAL)) { handle(); }
 * }</pre>
 */
public final class CriticalityBaggage {

    private CriticalityBaggage() {
    }

    /** {@code baggage} with {@code level} as its criticality entry. */
    public static Baggage with(Baggage baggage, Criticality level) {
        Objects.requireNonNull(level, "level");
        return baggage.toBuilder().put(Criticality.BAGGAGE_KEY, level.name()).build();
    }

    /**
     * Makes the current context's baggage carry this thread's level ({@link Criticality#current()}) until
     * the scope is closed.
     */
    public static Scope propagate() {
        Context context = Context.current();
        return context.with(with(Baggage.fromContext(context), Criticality.current())).makeCurrent();
    }

    /** The level {@code baggage} carries; empty when it has none or one that is no level. */
    public static Optional<Criticality> read(Baggage baggage) {
        return Criticality.parse(baggage.getEntryValue(Criticality.BAGGAGE_KEY));
    }

    /**
     * Makes the level {@code baggage} carries, capped at {@code max} (a caller cannot claim more than the
     * service allows), this thread's until the scope is closed; without a readable level, {@link Criticality#DEFAULT}
     * capped likewise, as the inbound filters do with a missing header.
     */
    public static Criticality.Scope open(Baggage baggage, Criticality max) {
        Objects.requireNonNull(max, "max");
        return read(baggage).orElse(Criticality.DEFAULT).cappedAt(max).open();
    }
}
