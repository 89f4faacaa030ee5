package dev.firebreak.lab.experiment.fanout;

import dev.firebreak.Guard;
import dev.firebreak.GuardRegistry;
import dev.firebreak.Isolation;
import dev.firebreak.collapse.Collapser;
import dev.firebreak.collapse.CollapserRegistry;
import dev.firebreak.collapse.DispatchStrategy;
import dev.firebreak.collapse.ResponseMapping;
import dev.firebreak.lab.downstream.DownstreamCounts;
import dev.firebreak.lab.downstream.DownstreamSimulator;
import dev.firebreak.lab.downstream.LatencyModel;
import dev.firebreak.lab.time.LabTimer;
import dev.firebreak.time.Ticker;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;

/**
 * Runs the fan-out variants against one downstream simulator. Each run fetches ids 1..n and sums the
 * answers (the seed's total purchases), timing it from the first request to the last answer. The
 * gauge and the thread-dump sampler measure the platform threads blocked meanwhile (see
 * {@link PlatformWaitGauge} and {@link PlatformWaitSampler}).
 */
public final class FanoutRunner implements AutoCloseable {

    private final FanoutSettings settings;
    private final Ticker ticker;
    private final LabTimer downstreamTimer = new LabTimer("lab-downstream-timer");
    private final LabTimer samplerTimer = new LabTimer("lab-sampler-timer");
    private final DownstreamSimulator downstream;
    private final PlatformWaitGauge gauge = new PlatformWaitGauge();
    private final FanoutClient client;
    private final PlatformWaitSampler sampler;

    /** Starts the downstream (fixed delay) and the client. */
    public FanoutRunner(FanoutSettings settings, Ticker ticker) throws java.io.IOException {
        this.settings = settings;
        this.ticker = ticker;
        this.downstream = DownstreamSimulator.start(LatencyModel.parse("fixed:" + settings.delayMillis()), 0, 4, downstreamTimer);
        this.client = new FanoutClient(downstream.baseUri(), Duration.ofMillis(settings.delayMillis() * 3L + 5000), gauge);
        this.sampler = new PlatformWaitSampler(samplerTimer, settings.samplePeriodMillis() * 1_000_000L,
                FanoutClient.class.getName(), "fetchBlocking");
    }

    /** Runs {@code variant} once. */
    public FanoutRow run(FanoutVariant variant) throws Exception {
        List<Integer> ids = IntStream.rangeClosed(1, settings.ids()).boxed().toList();
        try (Fetcher fetcher = fetcher(variant)) {
            DownstreamCounts before = downstream.counts();
            gauge.reset();
            sampler.start();
            long start = ticker.read();
            int answered = 0;
            String failure = "";
            try {
                answered = fetcher.fetchAll(ids).size();
            } catch (Exception e) {
                failure = e.toString();
            }
            double millis = (ticker.read() - start) / 1e6;
            sampler.stop();
            sampler.sampleNow();
            DownstreamCounts calls = downstream.counts().minus(before);
            return new FanoutRow(variant, ids.size(), settings.delayMillis(), millis, answered, calls.calls(), gauge.peak(),
                    sampler.peak(), gauge.platformWaits(), gauge.virtualWaits(), failure);
        }
    }

    /** Fetches every id one way; resources (pools, guards) live as long as the fetcher. */
    private interface Fetcher extends AutoCloseable {
        List<Integer> fetchAll(List<Integer> ids) throws Exception;

        @Override
        default void close() {
        }
    }

    private Fetcher fetcher(FanoutVariant variant) {
        return switch (variant) {
            case SEQUENTIAL -> ids -> ids.stream().map(client::fetchBlocking).toList();
            case PARALLEL_STREAM -> ids -> ids.parallelStream().map(client::fetchBlocking).toList();
            case COMPLETABLE_FUTURE_POOL -> onExecutor(Executors.newFixedThreadPool(settings.poolThreads()));
            case VIRTUAL_THREADS -> onExecutor(Executors.newVirtualThreadPerTaskExecutor());
            case FIREBREAK_ASYNC -> {
                Guard guard = guard("clients");
                yield ids -> joinAll(ids.stream().map(id -> guard.submitAsync(() -> client.fetchAsync(id))).toList());
            }
            case COLLAPSED -> {
                Guard guard = guard("clients-batch");
                Collapser<Integer, Integer> collapser = CollapserRegistry.of(guard.controls().registry()).<Integer, Integer>collapser("clients")
                        .through(guard)
                        .batchAsync((List<Integer> batch) -> client.fetchBatchAsync(batch.size()),
                                ResponseMapping.<Integer, int[], Integer>byPosition((values, batch) ->
                                        IntStream.of(values).boxed().toList()))
                        .configure(c -> c.dispatchStrategy(DispatchStrategy.TIMER).timerDelay(Duration.ofMillis(10)))
                        .build();
                yield ids -> joinAll(ids.stream().map(collapser::submit).toList());
            }
        };
    }

    private Fetcher onExecutor(ExecutorService executor) {
        return new Fetcher() {
            @Override
            public List<Integer> fetchAll(List<Integer> ids) throws Exception {
                return joinAll(ids.stream().map(id -> CompletableFuture.supplyAsync(() -> client.fetchBlocking(id), executor)).toList());
            }

            @Override
            public void close() {
                executor.shutdownNow();
            }
        };
    }

    /** A guard of its own registry: SEMAPHORE (the async stage holds a permit, not a thread), timeout above the delay. */
    private Guard guard(String name) {
        return GuardRegistry.builder().build().guard(name)
                .isolation(Isolation.semaphore(Math.max(10, settings.ids())))
                .timeout(Duration.ofMillis(settings.delayMillis() * 2L + 1000))
                .build();
    }

    private List<Integer> joinAll(List<CompletableFuture<Integer>> futures) throws Exception {
        long bound = settings.delayMillis() * 3L + 10_000;
        List<Integer> values = new ArrayList<>(futures.size());
        for (CompletableFuture<Integer> future : futures) {
            values.add(future.get(bound, TimeUnit.MILLISECONDS));
        }
        return values;
    }

    /** Downstream calls so far (for tests). */
    DownstreamCounts counts() {
        return downstream.counts();
    }

    @Override
    public void close() {
        client.close();
        sampler.close();
        downstream.close();
        samplerTimer.close();
        downstreamTimer.close();
    }
}
