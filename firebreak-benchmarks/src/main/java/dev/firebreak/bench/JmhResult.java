package dev.firebreak.bench;

import java.util.List;
import java.util.Map;

/**
 * One JMH result (a benchmark, a mode, a thread count, one set of parameters), its times in
 * nanoseconds whatever unit JMH printed.
 *
 * @param benchmark     {@code Class.method}, without the package
 * @param mode          JMH's short mode name: {@code avgt}, {@code sample}, ...
 * @param threads       benchmark threads
 * @param params        the {@code @Param} values
 * @param nanos         the score (mean time per operation) in ns
 * @param errorNanos    the score's 99.9 % half-interval in ns (NaN with a single iteration)
 * @param percentileNanos sample mode's percentiles in ns, keyed by JMH's keys ("50.0", "99.0", "99.9", "100.0")
 * @param samples       sample mode's sample count (0 otherwise)
 * @param bytesPerOp    the GC profiler's allocation per operation (NaN without the profiler)
 * @param forkNanos     each fork's own score in ns (the mean of its measurement iterations), in fork order;
 *                      empty when JMH's JSON holds no raw data (sample mode keeps a histogram instead)
 */
public record JmhResult(String benchmark, String mode, int threads, Map<String, String> params,
        double nanos, double errorNanos, Map<String, Double> percentileNanos, long samples, double bytesPerOp,
        List<Double> forkNanos) {

    /** Copies the fork scores. */
    public JmhResult {
        forkNanos = List.copyOf(forkNanos);
    }

    /** The value of parameter {@code name}, or null. */
    public String param(String name) {
        return params.get(name);
    }

    /** Sample mode's percentile {@code key} ("99.0") in ns, or NaN. */
    public double percentile(String key) {
        Double value = percentileNanos.get(key);
        return value == null ? Double.NaN : value;
    }
}
