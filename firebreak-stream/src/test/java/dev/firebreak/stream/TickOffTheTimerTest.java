package dev.firebreak.stream;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.Guard;
import dev.firebreak.GuardRegistry;
import dev.firebreak.Isolation;
import java.io.InputStream;
import java.net.Socket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * End to end on the real process-wide timer: with many guards and a stream client reading every tick,
 * another guard's 50 ms timeouts still fire on time, because the timer only triggers the tick. The
 * lateness is measured and printed; the bounds are generous (median under 100 ms, every one under 1 s),
 * since GC and a shared CPU can delay any timer now and then.
 */
class TickOffTheTimerTest {

    private static final int GUARDS = 5_000;
    private static final int PROBES = 20;
    private static final long TIMEOUT_MILLIS = 50;

    @Test
    void aTickWithManyGuardsDoesNotDelayAnotherGuardsTimeout() throws Exception {
        GuardRegistry registry = GuardRegistry.builder().build(); // the system ticker and timer thread
        for (int i = 0; i < GUARDS; i++) {
            registry.guard("load-" + i).isolation(Isolation.semaphore(10)).build();
        }
        Guard probe = registry.guard("probe").isolation(Isolation.virtualThreads(PROBES))
                .timeout(Duration.ofMillis(TIMEOUT_MILLIS)).build();
        try (StreamServer server = StreamServer.builder(registry).port(0).interval(Duration.ofMillis(10)).build().start();
                Socket reader = RawHttp.connect(server.port(), 0)) {
            RawHttp.send(reader, "GET /hystrix.stream HTTP/1.1\r\nHost: test\r\n\r\n");
            AtomicLong received = new AtomicLong();
            CountDownLatch firstFrame = new CountDownLatch(1);
            Thread.ofVirtual().start(() -> discard(reader, received, firstFrame));
            assertThat(firstFrame.await(30, TimeUnit.SECONDS)).as("stream data arrives").isTrue();

            List<Long> latenessMillis = new ArrayList<>();
            CountDownLatch never = new CountDownLatch(1);
            try {
                measure(probe, never, latenessMillis);
            } finally {
                never.countDown(); // calls that ignored the interrupt end now
            }
            Collections.sort(latenessMillis);
            long max = latenessMillis.getLast();
            System.out.printf("TickOffTheTimerTest: %d guards, %d stream bytes read, timeout lateness (ms) median %d, max %d%n",
                    GUARDS, received.get(), latenessMillis.get(PROBES / 2), max);
            // generous bounds: GC and a shared CPU can delay any timer now and then; a timer that
            // serializes the ticks itself is late by about a tick's duration nearly every time
            assertThat(latenessMillis.get(PROBES / 2)).as("median lateness, ms (all: %s)", latenessMillis).isLessThan(100);
            assertThat(max).as("largest lateness, ms (all: %s)", latenessMillis).isLessThan(1000);
        }
    }

    /** Makes {@value #PROBES} calls that hang past their timeout; adds how late each timeout came. */
    private static void measure(Guard probe, CountDownLatch never, List<Long> latenessMillis) throws Exception {
        for (int i = 0; i < PROBES; i++) {
            long start = System.nanoTime();
            AtomicLong end = new AtomicLong();
            CompletableFuture<Object> observed = probe.submit(() -> {
                never.await();
                return null;
            }).whenComplete((value, failure) -> end.set(System.nanoTime()));
            try {
                observed.get(30, TimeUnit.SECONDS);
            } catch (ExecutionException timedOut) {
                // expected: the guard's timeout
            }
            latenessMillis.add(TimeUnit.NANOSECONDS.toMillis(end.get() - start) - TIMEOUT_MILLIS);
        }
    }

    private static void discard(Socket socket, AtomicLong received, CountDownLatch firstFrame) {
        byte[] buffer = new byte[64 * 1024];
        try {
            InputStream in = socket.getInputStream();
            for (int n; (n = in.read(buffer)) >= 0; ) {
                if (received.addAndGet(n) > 1_000_000) {
                    firstFrame.countDown();
                }
            }
        } catch (java.io.IOException closed) {
            // the test ends the connection
        }
    }
}
