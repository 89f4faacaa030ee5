package dev.firebreak.lab.experiment.fleet;

import dev.firebreak.time.Ticker;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.util.Base64;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.HdrHistogram.Histogram;

/**
 * An instance in the quota part: one thread calls the partner through the variant's limiter at an
 * open-loop rate (each call leaves at its planned time whatever the others did), timing each call
 * through the limiter. Settings: {@code variant=local|shared|sentinel}, {@code id=}, {@code quota=},
 * {@code instances=} (the fleet's size when this instance starts), {@code redis=} (shared),
 * {@code sentinelPort=} and {@code tokenServer=true|false} (sentinel).
 *
 * <p>Commands: {@code rate <rps>} sets the offered rate; {@code phase <name>} ends the current phase,
 * printing {@code report <phase> <offered> <admitted> <refused> <errors> <maxNanos> <mode> <histogram>}
 * (the latency histogram of the phase's calls in nanoseconds, HdrHistogram's compressed form in
 * Base64), and starts counting the next; {@code exit} reports the current phase and stops. The loop
 * thread handles every command between two calls, so a phase's counts are exactly its calls.
 */
final class QuotaInstance {

    private QuotaInstance() {
    }

    static void run(Map<String, String> settings, BlockingQueue<String> commands, PrintStream out) throws Exception {
        int quota = Integer.parseInt(settings.get("quota"));
        int instances = Integer.parseInt(settings.get("instances"));
        try (QuotaGate gate = switch (settings.get("variant")) {
            case "local" -> FirebreakGate.local(quota, instances);
            case "shared" -> FirebreakGate.shared(settings.get("redis"), quota, instances, settings.get("id"));
            case "sentinel" -> SentinelGate.start(Boolean.parseBoolean(settings.get("tokenServer")),
                    Integer.parseInt(settings.get("sentinelPort")), quota);
            default -> throw new IllegalArgumentException("variant: '" + settings.get("variant")
                    + "' must be local, shared or sentinel");
        }) {
            new QuotaInstance.Loop(gate, commands, out).run(settings.getOrDefault("phase", "warmup"));
        }
    }

    /** The calling loop and the current phase's counts (touched by the loop thread only). */
    private static final class Loop {
        private final QuotaGate gate;
        private final BlockingQueue<String> commands;
        private final PrintStream out;
        private Histogram latency = new Histogram(TimeUnit.SECONDS.toNanos(10), 3);
        private long offered;
        private long admitted;
        private long refused;
        private long errors;
        private long maxNanos;

        Loop(QuotaGate gate, BlockingQueue<String> commands, PrintStream out) {
            this.gate = gate;
            this.commands = commands;
            this.out = out;
        }

        void run(String firstPhase) {
            warmUp();
            String phase = firstPhase;
            long period = 0; // no calls until the first rate
            long next = Ticker.system().read();
            out.println("ready");
            while (true) {
                String command = commands.poll();
                if (command != null) {
                    String[] words = command.split(" ");
                    switch (words[0]) {
                        case "rate" -> {
                            double rate = Double.parseDouble(words[1]);
                            period = rate <= 0 ? 0 : (long) (1e9 / rate);
                            next = Ticker.system().read();
                        }
                        case "phase" -> {
                            report(phase);
                            phase = words[1];
                        }
                        case "exit" -> {
                            report(phase);
                            return;
                        }
                        default -> throw new IllegalArgumentException("command: '" + command + "' is not known");
                    }
                    continue;
                }
                long now = Ticker.system().read();
                if (period == 0 || now < next) {
                    LockSupport.parkNanos(period == 0 ? 1_000_000 : Math.min(next - now, 1_000_000));
                    continue;
                }
                next = Math.max(next + period, now - TimeUnit.SECONDS.toNanos(1)); // behind by more than 1 s: drop it
                offered++;
                long began = Ticker.system().read();
                QuotaGate.Outcome outcome = gate.call();
                long took = Ticker.system().read() - began;
                latency.recordValue(Math.min(took, latency.getHighestTrackableValue()));
                maxNanos = Math.max(maxNanos, took);
                switch (outcome) {
                    case ADMITTED -> admitted++;
                    case REFUSED -> refused++;
                    case ERROR -> errors++;
                }
            }
        }

        /**
         * Compiles the call path before the first phase: calls back to back for up to 20,000 calls or 2 s
         * (Sentinel's calls each wait for the token server). Uncounted; a shared limiter spends tokens of the
         * fleet's bucket here, before anything is measured.
         */
        private void warmUp() {
            long end = Ticker.system().read() + TimeUnit.SECONDS.toNanos(2);
            for (int i = 0; i < 20_000 && Ticker.system().read() < end; i++) {
                gate.call();
            }
        }

        private void report(String phase) {
            ByteBuffer buffer = ByteBuffer.allocate(latency.getNeededByteBufferCapacity());
            int length = latency.encodeIntoCompressedByteBuffer(buffer);
            String histogram = Base64.getEncoder().encodeToString(java.util.Arrays.copyOf(buffer.array(), length));
            out.println("report " + phase + " " + offered + " " + admitted + " " + refused + " " + errors + " " + maxNanos
                    + " " + gate.mode() + " " + histogram);
            latency = new Histogram(TimeUnit.SECONDS.toNanos(10), 3);
            offered = admitted = refused = errors = maxNanos = 0;
        }
    }
}
