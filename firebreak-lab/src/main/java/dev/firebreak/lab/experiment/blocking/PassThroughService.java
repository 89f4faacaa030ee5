package dev.firebreak.lab.experiment.blocking;

import dev.firebreak.Guard;
import dev.firebreak.GuardRegistry;
import dev.firebreak.Isolation;
import dev.firebreak.lab.downstream.DownstreamSimulator;
import dev.firebreak.lab.service.DemoService;
import java.net.URI;
import java.time.Duration;

/**
 * Seed 002's service: {@code GET /passthrough} calls the downstream ({@code GET /integers?n=1}) and
 * answers its body with HTTP 200 and the downstream's delay in
 * {@value DemoService#DOWNSTREAM_DELAY_HEADER}, or 503 when the call failed. One implementation per
 * {@link BlockingStack}.
 */
public interface PassThroughService extends AutoCloseable {

    /** The path served. */
    String PATH = "/passthrough";

    /** The port it listens on (127.0.0.1). */
    int port();

    @Override
    void close() throws Exception;

    /** Starts the service of {@code stack} in this process, calling the downstream at {@code downstream}. */
    static PassThroughService start(BlockingStack stack, URI downstream) throws Exception {
        return switch (stack) {
            case TOMCAT_200 -> new TomcatPassThrough(downstream, guard(TomcatPassThrough.PLATFORM_THREADS), false);
            case TOMCAT_VIRTUAL -> new TomcatPassThrough(downstream, guard(UNBOUNDED), true);
            case NETTY_NONBLOCKING -> new NettyPassThrough(downstream, guard(UNBOUNDED));
        };
    }

    /** A bound no run reaches: the guard then only measures (and would trip on errors). */
    int UNBOUNDED = 20_000;

    /** The guard around the downstream call: SEMAPHORE, a 5 s timeout, Hystrix's breaker defaults. */
    private static Guard guard(int limit) {
        return GuardRegistry.builder().build().guard("downstream")
                .isolation(Isolation.semaphore(limit))
                .timeout(Duration.ofSeconds(5))
                .build();
    }

    /** The downstream's delay header, as the simulator sends it. */
    String DOWNSTREAM_HEADER = DownstreamSimulator.DELAY_HEADER;
}
