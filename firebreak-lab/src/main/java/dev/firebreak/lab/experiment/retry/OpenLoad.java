package dev.firebreak.lab.experiment.retry;

import dev.firebreak.time.Ticker;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Supplier;
import org.HdrHistogram.Recorder;

/**
 * An open-loop load for the retry and hedge experiments: requests leave at a constant rate whatever
 * the answers do, each timed from its intended start (coordinated omission corrected), on one pacing
 * thread that only starts requests. Latencies of successful requests go to an HdrHistogram.
 */
public final class OpenLoad {

    private final Ticker ticker;

    /** A load on {@code ticker}. */
    public OpenLoad(Ticker ticker) {
        this.ticker = ticker;
    }

    /**
     * The figures of one measured span.
     *
     * @param issued requests started
     * @param ok successful answers
     * @param p50Ms median latency of successful requests
     * @param p99Ms 99th percentile
     * @param p999Ms 99.9th percentile
     */
    public record Figures(long issued, long ok, double p50Ms, double p99Ms, double p999Ms) {

        /** Successful answers over requests started. */
        public double successRate() {
            return issued == 0 ? 0 : ok / (double) issued;
        }
    }

    /**
     * Sends at {@code ratePerSecond} for {@code span}; waits for the answers (at most {@code drain}
     * after the span) and returns the figures. A request's future completing normally counts as
     * success.
     */
    public Figures run(double ratePerSecond, Duration span, Duration drain, Supplier<CompletableFuture<?>> request)
            throws InterruptedException {
        Recorder recorder = new Recorder(3);
        AtomicLong ok = new AtomicLong();
        ConcurrentLinkedQueue<CompletableFuture<?>> inFlight = new ConcurrentLinkedQueue<>();
        long gap = (long) (1e9 / ratePerSecond);
        long start = ticker.read();
        long count = span.toNanos() / gap;
        for (long i = 0; i < count; i++) {
            long intended = start + i * gap;
            long wait = intended - ticker.read();
            if (wait > 0) {
                LockSupport.parkNanos(wait); // pacing the sender, not waiting for an answer
            }
            CompletableFuture<?> future;
            try {
                future = request.get();
            } catch (RuntimeException e) {
                future = CompletableFuture.failedFuture(e);
            }
            CompletableFuture<?> timed = future.whenComplete((value, failure) -> {
                if (failure == null) {
                    ok.incrementAndGet();
                    recorder.recordValue(Math.max(1, (ticker.read() - intended) / 1_000));
                }
            });
            inFlight.add(timed);
        }
        long deadline = ticker.read() + drain.toNanos();
        for (CompletableFuture<?> future : inFlight) {
            long left = deadline - ticker.read();
            try {
                future.get(Math.max(1, left), TimeUnit.NANOSECONDS);
            } catch (java.util.concurrent.ExecutionException | java.util.concurrent.CancellationException failed) {
                // counted as not ok
            } catch (java.util.concurrent.TimeoutException late) {
                break;
            }
        }
        var histogram = recorder.getIntervalHistogram();
        return new Figures(count, ok.get(), histogram.getValueAtPercentile(50) / 1_000.0,
                histogram.getValueAtPercentile(99) / 1_000.0, histogram.getValueAtPercentile(99.9) / 1_000.0);
    }
}
