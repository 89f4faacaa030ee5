package dev.firebreak.breaker;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * An operator's transition of a circuit breaker, by the name operations endpoints take
 * ({@code forceOpen}, {@code forceClosed}, {@code disable}, {@code metricsOnly}, {@code reset},
 * {@code automatic}): the Spring Boot actuator's and the stream server's write operations, one vocabulary.
 */
public enum BreakerAction {

    /** {@link CircuitBreakerView#forceOpen()}. */
    FORCE_OPEN("forceOpen", CircuitBreakerView::forceOpen),
    /** {@link CircuitBreakerView#forceClosed()}. */
    FORCE_CLOSED("forceClosed", CircuitBreakerView::forceClosed),
    /** {@link CircuitBreakerView#disable()}. */
    DISABLE("disable", CircuitBreakerView::disable),
    /** {@link CircuitBreakerView#metricsOnly()}. */
    METRICS_ONLY("metricsOnly", CircuitBreakerView::metricsOnly),
    /** {@link CircuitBreakerView#reset()}. */
    RESET("reset", CircuitBreakerView::reset),
    /** {@link CircuitBreakerView#automatic()}. */
    AUTOMATIC("automatic", CircuitBreakerView::automatic);

    private final String spelled;
    private final Function<CircuitBreakerView, BreakerMode> apply;

    BreakerAction(String spelled, Function<CircuitBreakerView, BreakerMode> apply) {
        this.spelled = spelled;
        this.apply = apply;
    }

    /** The name an operations endpoint takes, e.g. {@code forceOpen}. */
    public String spelled() {
        return spelled;
    }

    /** Every action's name, in declaration order: the rule a refusal names. */
    public static List<String> names() {
        return Arrays.stream(values()).map(BreakerAction::spelled).toList();
    }

    /** The action named {@code text} (any case, surrounding blanks ignored); empty for null or an unknown name. */
    public static Optional<BreakerAction> parse(String text) {
        if (text == null) {
            return Optional.empty();
        }
        String wanted = text.strip().toLowerCase(Locale.ROOT);
        return Arrays.stream(values()).filter(a -> a.spelled.toLowerCase(Locale.ROOT).equals(wanted)).findFirst();
    }

    /**
     * Applies this action to {@code breaker}; returns the mode it answers.
     *
     * @throws UnsupportedOperationException if the breaker has no state to change (an always-closed breaker)
     */
    public BreakerMode applyTo(CircuitBreakerView breaker) {
        return apply.apply(Objects.requireNonNull(breaker, "breaker"));
    }
}
