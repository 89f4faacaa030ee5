package dev.firebreak.lab.experiment.collapse;

import dev.firebreak.lab.downstream.DownstreamCounts;
import dev.firebreak.lab.downstream.DownstreamSimulator;
import dev.firebreak.lab.load.HttpTarget;
import dev.firebreak.lab.load.LoadDriver;
import dev.firebreak.lab.load.LoadPlan;
import dev.firebreak.lab.load.LoadResult;
import dev.firebreak.lab.load.Loop;
import dev.firebreak.lab.load.ThinkTime;
import dev.firebreak.lab.peers.HystrixSettings;
import dev.firebreak.lab.service.DemoService;
import dev.firebreak.lab.service.HttpRandomOrgClient;
import dev.firebreak.lab.service.IntegersBackend;
import dev.firebreak.lab.time.LabTimer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Runs one variant under one loop on fresh real parts: its own downstream simulator (so its call
 * counts are its own), its own demo service and backend, and a new HTTP client for the load; all
 * closed before the next run. Hystrix's static state is reset after every run that used it.
 */
final class CollapseRunner {

    /** Allowance per run for draining the last answers and closing the parts (for the progress bar). */
    static final Duration SETTLE = Duration.ofMillis(600);
    private static final Duration HTTP_TIMEOUT = Duration.ofSeconds(10);

    private final CollapseSettings settings;
    private final LoadDriver driver;

    CollapseRunner(CollapseSettings settings, LoadDriver driver) {
        this.settings = settings;
        this.driver = driver;
    }

    /** A short unreported closed loop on the unprotected variant: lets the JIT compile the HTTP paths. */
    void warmUpJvm() throws Exception {
        LoadPlan plan = new LoadPlan(Loop.closed(settings.users(), settings.ramp(), ThinkTime.NONE, 0),
                Duration.ZERO, settings.jvmWarmup(), settings.drain(), settings.seed());
        run(CollapseVariant.NONE, plan, settings.seed());
    }

    /** One variant under loop kind {@code kind}. */
    RunMeasurement runOne(CollapseVariant variant, String kind, long seed) throws Exception {
        try {
            return run(variant, plan(kind, seed), seed);
        } finally {
            if (variant.usesHystrix()) {
                HystrixSettings.resetAll();
            }
        }
    }

    /**
     * Every variant under loop kind {@code kind} at the same time, each on its own parts. Used for the
     * sequential loop, where each variant is one caller and the runs barely load the machine.
     */
    List<RunMeasurement> runAtOnce(List<CollapseVariant> variants, String kind, long seed) throws Exception {
        try (ExecutorService runs = Executors.newVirtualThreadPerTaskExecutor()) {
            List<Future<RunMeasurement>> futures = new ArrayList<>();
            for (CollapseVariant variant : variants) {
                futures.add(runs.submit(() -> run(variant, plan(kind, seed), seed)));
            }
            List<RunMeasurement> measured = new ArrayList<>();
            for (Future<RunMeasurement> future : futures) {
                measured.add(future.get());
            }
            return measured;
        } finally {
            if (variants.stream().anyMatch(CollapseVariant::usesHystrix)) {
                HystrixSettings.resetAll();
            }
        }
    }

    private LoadPlan plan(String kind, long seed) {
        return new LoadPlan(settings.loop(kind), settings.warmup(kind), settings.measure(kind), settings.drain(), seed);
    }

    private RunMeasurement run(CollapseVariant variant, LoadPlan plan, long seed) throws Exception {
        AtomicReference<DownstreamCounts> atOpen = new AtomicReference<>(DownstreamCounts.ZERO);
        AtomicReference<DownstreamCounts> atClose = new AtomicReference<>();
        try (LabTimer downstreamTimer = new LabTimer("downstream-timer-" + variant.label());
             DownstreamSimulator downstream = DownstreamSimulator.start(settings.latency(), settings.errorRate(), seed, downstreamTimer);
             HttpRandomOrgClient client = new HttpRandomOrgClient(downstream.baseUri(), HTTP_TIMEOUT);
             IntegersBackend backend = variant.create(client, settings);
             DemoService service = DemoService.start(backend);
             HttpTarget target = new HttpTarget(service.randomUri(1), HTTP_TIMEOUT)) {
            LoadResult result = driver.run(plan, target, new LoadDriver.WindowListener() {
                @Override
                public void windowOpened() {
                    atOpen.set(downstream.counts());
                }

                @Override
                public void windowClosed() {
                    atClose.set(downstream.counts());
                }
            });
            DownstreamCounts close = atClose.get() != null ? atClose.get() : downstream.counts();
            return new RunMeasurement(variant, plan.loop().label(), result, close.minus(atOpen.get()));
        }
    }
}
