package dev.firebreak.breaker;

/** The breaker's answer to "may this call run now?", passed back with the call's outcome. */
public enum BreakerPermit {
    /** The breaker is open: short-circuit. */
    DENIED,
    /** The breaker is closed (or disabled, or forced closed): an ordinary call. */
    NORMAL,
    /** One of the half-open state's trial calls: its outcome decides the state. */
    TRIAL
}
