package dev.firebreak.lab.experiment.overload;

import dev.firebreak.time.Cancellable;
import dev.firebreak.time.Scheduler;
import dev.firebreak.time.Ticker;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.function.DoubleSupplier;
import java.util.function.Function;
import org.HdrHistogram.Recorder;

/**
 * Drives one overload run: an open loop through a sequence of {@link Segment}s, each at its own rate
 * against its own downstream capacity (set when the segment begins). Request i of a segment is meant
 * to leave at {@code segmentStart + i / rate} whatever the earlier ones do; its latency runs from that
 * intended start (coordinated omission corrected). The sender only hands requests over ({@link
 * OverloadCaller#call()} does not block); the variant's limit is sampled on the lab's timer. Every
 * request is accounted for: answered, refused, failed, or still missing when the run stops waiting
 * (then counted as an error and said so). With a {@link RequestMix} each request is drawn a class
 * (the shed experiment's criticality) and every reported segment also gets one row per class.
 */
public final class SegmentLoad {

    /** How often the limit is sampled. */
    static final long SAMPLE_PERIOD_NANOS = 50_000_000L;

    private final Ticker ticker;
    private final Scheduler timer;

    /**
     * @param ticker the lab's ticker (intended starts, latencies)
     * @param timer where the limit is sampled
     */
    public SegmentLoad(Ticker ticker, Scheduler timer) {
        this.ticker = ticker;
        this.timer = timer;
    }

    /**
     * What a run measured.
     *
     * @param phases one row per reported segment, in order
     * @param limits the limit sampled every {@link #SAMPLE_PERIOD_NANOS}, over the whole run
     * @param segmentStarts when each segment began, by phase name, on the ticker
     * @param byClass per reported phase, one row per class of the mix in its order (empty without a mix)
     */
    public record Result(List<PhaseFigures> phases, List<LimitSeries.Sample> limits, Map<String, Long> segmentStarts,
            Map<String, List<PhaseFigures>> byClass) {
    }

    /**
     * Runs {@code segments} through {@code caller}.
     *
     * @param nominalCapacity the downstream's workers at capacity factor 1
     * @param serviceNanos the downstream's base latency
     * @param drainNanos how long to wait for the last answers after the last segment
     */
    Result run(String variant, List<Segment> segments, OverloadCaller caller, CapacityDownstream downstream, int nominalCapacity,
            long serviceNanos, long drainNanos) throws InterruptedException {
        return run(variant, segments, RequestMix.single(), ignored -> caller.call(), caller::limit, downstream, nominalCapacity,
                serviceNanos, drainNanos);
    }

    /**
     * Runs {@code segments}, each request of class {@code mix.draw()} sent by {@code send}.
     *
     * @param send sends one request of the given class; never blocks, its future completes normally
     * @param limit the limit in force now (NaN when there is none), sampled every {@link #SAMPLE_PERIOD_NANOS}
     * @param nominalCapacity the downstream's workers at capacity factor 1
     * @param serviceNanos the downstream's base latency
     * @param drainNanos how long to wait for the last answers after the last segment
     */
    public <C> Result run(String variant, List<Segment> segments, RequestMix<C> mix, Function<C, CompletableFuture<Outcome>> send,
            DoubleSupplier limit, CapacityDownstream downstream, int nominalCapacity, long serviceNanos, long drainNanos)
            throws InterruptedException {
        int classes = mix.classes().size();
        double nominalRps = nominalCapacity * 1e9 / serviceNanos;
        long sloNanos = 2 * serviceNanos;
        ConcurrentLinkedQueue<LimitSeries.Sample> samples = new ConcurrentLinkedQueue<>();
        Sampler sampler = new Sampler(limit, samples);
        sampler.start();
        List<Tally> tallies = new ArrayList<>();
        List<CompletableFuture<Outcome>> pending = new ArrayList<>();
        Map<String, Long> starts = new LinkedHashMap<>();
        long start = ticker.read();
        try {
            for (Segment segment : segments) {
                starts.put(segment.phase(), start);
                downstream.capacity(Math.max(1, (int) Math.round(nominalCapacity * segment.capacityFactor())));
                double rate = nominalRps * segment.loadFactor();
                long count = (long) Math.floor(segment.lengthNanos() / 1e9 * rate);
                long measureFrom = start + segment.leadNanos();
                Tally tally = new Tally(segment, nominalRps * segment.capacityFactor(), measureFrom, classes);
                tallies.add(tally);
                for (long i = 0; i < count; i++) {
                    long intended = start + (long) (i * 1e9 / rate);
                    long wait = intended - ticker.read();
                    if (wait > 0) {
                        LockSupport.parkNanos(wait); // pacing the sender, not waiting for an answer
                    }
                    boolean measured = intended >= measureFrom;
                    C requestClass = mix.draw();
                    CompletableFuture<Outcome> answer;
                    try {
                        answer = send.apply(requestClass);
                    } catch (RuntimeException e) {
                        answer = CompletableFuture.completedFuture(Outcome.FAILED);
                    }
                    if (measured) {
                        Tally of = classes == 0 ? null : tally.classes[mix.classes().indexOf(requestClass)];
                        tally.issued.incrementAndGet();
                        if (of != null) {
                            of.issued.incrementAndGet();
                        }
                        pending.add(answer.whenComplete((outcome, failure) -> {
                            long latency = ticker.read() - intended;
                            tally.record(outcome, latency, sloNanos);
                            if (of != null) {
                                of.record(outcome, latency, sloNanos);
                            }
                        }));
                    }
                }
                start += segment.lengthNanos();
                long rest = start - ticker.read();
                if (rest > 0) {
                    LockSupport.parkNanos(rest);
                }
            }
            awaitAll(pending, ticker.read() + drainNanos);
        } finally {
            sampler.stop();
        }
        List<LimitSeries.Sample> limits = List.copyOf(samples);
        List<PhaseFigures> rows = new ArrayList<>();
        Map<String, List<PhaseFigures>> byClass = new LinkedHashMap<>();
        for (Tally tally : tallies) {
            if (tally.segment.reported()) {
                rows.add(tally.figures(variant, limits));
                if (classes > 0) {
                    List<PhaseFigures> classRows = new ArrayList<>();
                    for (Tally of : tally.classes) {
                        classRows.add(of.figures(variant, limits));
                    }
                    byClass.put(tally.segment.phase(), List.copyOf(classRows));
                }
            }
        }
        return new Result(rows, limits, starts, byClass);
    }

    private void awaitAll(List<CompletableFuture<Outcome>> pending, long deadline) throws InterruptedException {
        for (CompletableFuture<Outcome> future : pending) {
            long left = deadline - ticker.read();
            try {
                future.get(Math.max(1, left), TimeUnit.NANOSECONDS);
            } catch (TimeoutException late) {
                return; // the rest are counted as unfinished
            } catch (java.util.concurrent.ExecutionException | java.util.concurrent.CancellationException cannotHappen) {
                // callers complete normally; a broken one is counted as unfinished
            }
        }
    }

    /** Counts one segment's measured requests. */
    private final class Tally {
        final Segment segment;
        final double capacityRps;
        final long measureFrom;
        final AtomicLong issued = new AtomicLong();
        final AtomicLong ok = new AtomicLong();
        final AtomicLong good = new AtomicLong();
        final AtomicLong rejected = new AtomicLong();
        final AtomicLong failed = new AtomicLong();
        final Recorder latency = new Recorder(3);
        final Tally[] classes;

        Tally(Segment segment, double capacityRps, long measureFrom, int classCount) {
            this.segment = segment;
            this.capacityRps = capacityRps;
            this.measureFrom = measureFrom;
            this.classes = new Tally[classCount];
            for (int i = 0; i < classCount; i++) {
                classes[i] = new Tally(segment, capacityRps, measureFrom, 0);
            }
        }

        void record(Outcome outcome, long latencyNanos, long sloNanos) {
            switch (outcome == null ? Outcome.FAILED : outcome) {
                case OK -> {
                    ok.incrementAndGet();
                    if (latencyNanos <= sloNanos) {
                        good.incrementAndGet();
                    }
                    latency.recordValue(Math.max(1, latencyNanos / 1_000));
                }
                case REJECTED -> rejected.incrementAndGet();
                case FAILED -> failed.incrementAndGet();
            }
        }

        PhaseFigures figures(String variant, List<LimitSeries.Sample> limits) {
            double seconds = segment.measureNanos() / 1e9;
            long answered = ok.get() + rejected.get() + failed.get();
            long unfinished = Math.max(0, issued.get() - answered);
            var histogram = latency.getIntervalHistogram();
            boolean any = histogram.getTotalCount() > 0;
            double limitMean = LimitSeries.mean(limits, measureFrom, measureFrom + segment.measureNanos());
            return new PhaseFigures(variant, segment.phase(), issued.get() / seconds, capacityRps, good.get() / seconds,
                    any ? histogram.getValueAtPercentile(50) / 1000.0 : Double.NaN,
                    any ? histogram.getValueAtPercentile(99) / 1000.0 : Double.NaN,
                    any ? histogram.getValueAtPercentile(99.5) / 1000.0 : Double.NaN, rejected.get() / seconds,
                    (failed.get() + unfinished) / seconds, limitMean, issued.get(), ok.get(), unfinished);
        }
    }

    /** Samples the caller's limit on the timer until stopped. */
    private final class Sampler implements Runnable {
        private final DoubleSupplier limit;
        private final ConcurrentLinkedQueue<LimitSeries.Sample> samples;
        private volatile boolean stopped;
        private volatile Cancellable next;

        Sampler(DoubleSupplier limit, ConcurrentLinkedQueue<LimitSeries.Sample> samples) {
            this.limit = limit;
            this.samples = samples;
        }

        void start() {
            run();
        }

        @Override
        public void run() {
            if (stopped) {
                return;
            }
            samples.add(new LimitSeries.Sample(ticker.read(), limit.getAsDouble()));
            next = timer.schedule(SAMPLE_PERIOD_NANOS, this);
        }

        void stop() {
            stopped = true;
            Cancellable scheduled = next;
            if (scheduled != null) {
                scheduled.cancel();
            }
        }
    }
}
