package com.netflix.hystrix.exception;

/**
 * A marker for exceptions that reach the caller as they are: when {@code run()} or {@code construct()}
 * throws one, the command records FAILURE, skips its fallback, and its caller receives that exception
 * itself rather than a {@link HystrixRuntimeException}. It still counts as a failure for the circuit
 * breaker and the metrics.
 */
public interface ExceptionNotWrappedByHystrix {
}
