package dev.firebreak.lab.load;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.ConcurrentHistogram;
import org.HdrHistogram.Histogram;

/**
 * Collects the requests of one measured window into HdrHistograms (microsecond resolution, three
 * significant digits, up to ten minutes), safe to record from many threads at once.
 */
public final class LatencyRecorder {

    private static final long HIGHEST_MICROS = 600_000_000L;
    private static final int MAX_FAILURE_SAMPLES = 3;

    private final Histogram response = new ConcurrentHistogram(1, HIGHEST_MICROS, 3);
    private final Histogram added = new ConcurrentHistogram(1, HIGHEST_MICROS, 3);
    private final Histogram service = new ConcurrentHistogram(1, HIGHEST_MICROS, 3);
    private final Histogram lateStart = new ConcurrentHistogram(1, HIGHEST_MICROS, 3);
    private final LongAdder errors = new LongAdder();
    private final ConcurrentHashMap<String, Boolean> failureSamples = new ConcurrentHashMap<>();

    /** Records a successful request whose answer spent {@code downstreamDelayNanos} in the downstream. */
    public void recordSuccess(RequestTiming timing, long downstreamDelayNanos) {
        long responseNanos = timing.responseTimeNanos();
        response.recordValue(micros(responseNanos));
        added.recordValue(micros(responseNanos - downstreamDelayNanos));
        service.recordValue(micros(timing.serviceTimeNanos()));
        lateStart.recordValue(micros(timing.lateStartNanos()));
    }

    /** Records a failed request; its latency is not part of the figures. */
    public void recordFailure(String description) {
        errors.increment();
        if (description != null && failureSamples.size() < MAX_FAILURE_SAMPLES) {
            failureSamples.putIfAbsent(description.length() > 200 ? description.substring(0, 200) : description, true);
        }
    }

    private static long micros(long nanos) {
        return Math.min(HIGHEST_MICROS, Math.max(0, Math.round(nanos / 1_000.0)));
    }

    /** The figures so far, over a window of {@code seconds}. */
    public LatencySummary summary(double seconds) {
        long ok = response.getTotalCount();
        return new LatencySummary(ok, errors.sum(), seconds,
                mean(response), percentile(response, 50), percentile(response, 95), percentile(response, 99),
                ok == 0 ? 0 : response.getMaxValue() / 1_000.0,
                mean(added), percentile(added, 99), mean(service),
                ok == 0 ? 0 : lateStart.getMaxValue() / 1_000.0,
                List.copyOf(new ArrayList<>(failureSamples.keySet())));
    }

    private static double mean(Histogram histogram) {
        return histogram.getTotalCount() == 0 ? 0 : histogram.getMean() / 1_000.0;
    }

    private static double percentile(Histogram histogram, double percentile) {
        return histogram.getTotalCount() == 0 ? 0 : histogram.getValueAtPercentile(percentile) / 1_000.0;
    }
}
