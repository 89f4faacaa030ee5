package dev.firebreak.breaker;

/** The states of a circuit breaker. */
public enum CircuitState {
    /** Calls flow; outcomes are counted. */
    CLOSED,
    /** Calls are short-circuited until the sleep window ends. */
    OPEN,
    /** The sleep window ended: a limited number of trial calls decide between CLOSED and OPEN. */
    HALF_OPEN
}
