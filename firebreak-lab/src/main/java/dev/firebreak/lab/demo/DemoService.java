package dev.firebreak.lab.demo;

import dev.firebreak.Guard;
import dev.firebreak.GuardRegistry;
import dev.firebreak.Isolation;
import dev.firebreak.chaos.ChaosKind;
import dev.firebreak.collapse.Collapser;
import dev.firebreak.collapse.CollapserRegistry;
import dev.firebreak.collapse.ResponseMapping;
import dev.firebreak.isolation.GuardThreadPool;
import dev.firebreak.isolation.ThreadPoolConfig;
import dev.firebreak.stream.StreamServer;
import dev.firebreak.time.Cancellable;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A small service under light synthetic load, served live on the hystrix.stream and the dashboard:
 * <ul>
 *   <li>{@code catalog.lookup}: healthy, thread-pool isolation (pool {@code catalog}), 5–30 ms;</li>
 *   <li>{@code pricing.quote}: slow, virtual threads, 100–1000 ms against an 800 ms timeout and a
 *       500 ms slow-call threshold;</li>
 *   <li>{@code inventory.reserve}: fails in bursts (15 s of 70 % failures every 40 s), so its breaker
 *       opens, probes and closes again (or as another {@link InventoryFault} says);</li>
 *   <li>collapser {@code stock.levels}: single stock requests batched into calls of {@code stock.batch}.</li>
 * </ul>
 * Everything runs on the registry's clock: the load is a task on its scheduler, the downstream
 * latencies are scheduled completions.
 */
public final class DemoService implements AutoCloseable {

    static final long LOAD_PERIOD_NANOS = Duration.ofMillis(50).toNanos();
    static final long BURST_CYCLE_NANOS = Duration.ofSeconds(40).toNanos();
    static final long BURST_START_NANOS = Duration.ofSeconds(25).toNanos();

    private final GuardRegistry registry;
    private final SimulatedDownstream catalogService;
    private final SimulatedDownstream pricingService;
    private final SimulatedDownstream inventoryService;
    private final Guard catalog;
    private final Guard pricing;
    private final Guard inventory;
    private final Collapser<Integer, Integer> stock;
    private final StreamServer server;
    private final long startNanos;
    private final AtomicLong ticks = new AtomicLong();
    private final AtomicReference<Cancellable> nextLoad = new AtomicReference<>(Cancellable.NONE);
    private volatile boolean stopped;

    /** Builds the guards in {@code registry} and a stream server on {@code port} (0: any free port); call {@link #start()}. */
    public DemoService(GuardRegistry registry, int port) {
        this(registry, port, InventoryFault.BURSTS);
    }

    /**
     * As above, with the inventory downstream failing as {@code fault} says and the stream readable by the
     * dashboards of {@code allowedOrigins} (the other instances of a fleet, say).
     */
    public DemoService(GuardRegistry registry, int port, InventoryFault fault, String... allowedOrigins) {
        this.registry = registry;
        this.startNanos = registry.ticker().read();
        catalogService = new SimulatedDownstream("catalog", registry.scheduler(), 5, 30, () -> 0.005);
        pricingService = new SimulatedDownstream("pricing", registry.scheduler(), 100, 1000, () -> 0.01);
        inventoryService = new SimulatedDownstream("inventory", registry.scheduler(), 10, 40,
                switch (fault) {
                    case BURSTS -> () -> inBurst() ? 0.7 : 0.02;
                    case NONE, DOWN -> () -> 0.02; // DOWN: the faults are injected by the guard (below)
                });
        SimulatedDownstream stockService = new SimulatedDownstream("stock", registry.scheduler(), 20, 50, () -> 0.0);

        catalog = registry.guard("catalog.lookup").group("catalog").pool("catalog")
                .isolation(Isolation.threadPool(ThreadPoolConfig.builder().coreSize(8).build()))
                .timeout(Duration.ofMillis(500)).build();
        pricing = registry.guard("pricing.quote").group("pricing").isolation(Isolation.virtualThreads(50))
                .timeout(Duration.ofMillis(800))
                .configure(c -> c.breaker(cb -> cb.slowCallDurationThreshold(Duration.ofMillis(500))
                        .slowCallThresholdPercentage(90)))
                .build();
        inventory = registry.guard("inventory.reserve").group("inventory").isolation(Isolation.semaphore(50))
                .timeout(Duration.ofMillis(300))
                .configure(c -> c.chaos(chaos -> chaos.enabled(fault == InventoryFault.DOWN).kind(ChaosKind.EXCEPTION)
                        .rate(1.0).ttl(Duration.ZERO))) // DOWN's outage, for as long as the demo runs
                .build();
        Guard stockBatch = registry.guard("stock.batch").group("inventory").isolation(Isolation.virtualThreads(4))
                .timeout(Duration.ofMillis(500)).build();
        stock = CollapserRegistry.of(registry).<Integer, Integer>collapser("stock.levels").through(stockBatch)
                .batchAsync(skus -> stockService.call(List.copyOf(skus)), ResponseMapping.inOrder())
                .build();
        this.server = StreamServer.builder(registry).port(port).allowOrigins(allowedOrigins).build();
    }

    /** Starts the server and the load; returns this. */
    public DemoService start() {
        server.start();
        nextLoad.set(registry.scheduler().schedule(0, this::loadTick));
        return this;
    }

    /** The stream server (its URLs and port). */
    public StreamServer server() {
        return server;
    }

    /** The guard that fails in bursts. */
    public Guard flakyGuard() {
        return inventory;
    }

    /** Whether the flaky downstream is in a failure burst now. */
    boolean inBurst() {
        long intoCycle = Math.floorMod(registry.ticker().read() - startNanos, BURST_CYCLE_NANOS);
        return intoCycle >= BURST_START_NANOS;
    }

    /** One step of load, every 50 ms: 20 catalog, 10 pricing, 20 inventory calls and 40 stock requests a second. */
    private void loadTick() {
        if (stopped) {
            return;
        }
        try {
            long tick = ticks.incrementAndGet();
            catalog.submit(() -> blocking(catalogService), failure -> -1);
            if (tick % 2 == 0) {
                pricing.submit(() -> blocking(pricingService), failure -> 0);
            }
            inventory.submitAsync(() -> inventoryService.call(1), failure -> 0);
            stock.submit((int) (tick % 100));
            stock.submit((int) (tick % 7));
        } catch (RuntimeException ignored) {
            // a rejected or failed call is part of the show; the load goes on
        } finally {
            if (!stopped) {
                nextLoad.set(registry.scheduler().schedule(LOAD_PERIOD_NANOS, this::loadTick));
            }
        }
    }

    /** A blocking client call, as the user code of a thread-isolated guard would make. */
    private static Integer blocking(SimulatedDownstream downstream) throws InterruptedException {
        try {
            return downstream.call(1).get();
        } catch (ExecutionException failed) {
            throw new IllegalStateException(failed.getCause().getMessage(), failed.getCause());
        }
    }

    /** Stops the load and the server and releases the pools' threads. */
    @Override
    public void close() {
        stopped = true;
        nextLoad.get().cancel();
        server.close();
        List<GuardThreadPool> pools = new ArrayList<>(registry.pools());
        pools.forEach(GuardThreadPool::shutdown);
    }
}
