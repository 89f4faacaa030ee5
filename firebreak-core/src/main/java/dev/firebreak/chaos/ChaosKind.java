package dev.firebreak.chaos;

/** What an injected fault does to a call ({@code chaos.kind}). */
public enum ChaosKind {
    /**
     * The call throws instead of running: the exception a named fault makes
     * ({@link ChaosFaults#exception}), or an {@link InjectedFaultException} when {@code chaos.faults} is empty.
     */
    EXCEPTION,
    /**
     * The call runs after a delay ({@code chaos.latencyInMilliseconds}) on the registry's scheduler; a
     * delay past the guard's timeout ends the call as a real TIMEOUT.
     */
    LATENCY,
    /** The call returns a named value ({@link ChaosFaults#result}) instead of running. */
    RESULT,
    /** A named {@link ChaosBehavior} runs in the call's place, and may run the real call itself. */
    BEHAVIOR
}
