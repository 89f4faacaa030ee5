package dev.firebreak.lab.aggregate;

import dev.firebreak.config.InvalidConfigException;
import dev.firebreak.stream.AggregateServer;
import java.io.PrintStream;
import java.net.URI;
import java.net.URISyntaxException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;

/**
 * {@code ./firebreak aggregate [--port N] [--stall-timeout SECONDS] URL...}: a Turbine-compatible
 * aggregate of the instances' {@code /hystrix.stream} URLs, served on 127.0.0.1 at
 * {@code /turbine.stream} until interrupted (Ctrl-C); instances that go down or come back are logged.
 */
public final class AggregateCommand {

    static final String USAGE = "usage: firebreak aggregate [--port N] [--stall-timeout SECONDS] URL...\n"
            + "  URL: an instance's stream, e.g. http://10.0.0.5:7979/hystrix.stream (at least one)\n"
            + "  --port: where /turbine.stream is served on 127.0.0.1 (default 8989)\n"
            + "  --stall-timeout: seconds an instance may send nothing before it is cut and retried (default 10)";

    private AggregateCommand() {
    }

    /** Runs the aggregate until the JVM is interrupted; returns the exit code (2 for bad arguments). */
    public static int run(String[] args, PrintStream out) throws InterruptedException {
        int port = 8989;
        Duration stall = Duration.ofSeconds(10);
        List<URI> instances = new ArrayList<>();
        try {
            for (int i = 0; i < args.length; i++) {
                switch (args[i]) {
                    case "--port" -> port = number(args, ++i, "--port");
                    case "--stall-timeout" -> stall = Duration.ofSeconds(number(args, ++i, "--stall-timeout"));
                    case "--help", "-h" -> {
                        out.println(USAGE);
                        return 0;
                    }
                    default -> instances.add(uri(args[i]));
                }
            }
            AggregateServer server = AggregateServer.builder().port(port).stallTimeout(stall).instances(instances)
                    .build().start();
            CountDownLatch stopped = new CountDownLatch(1);
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                server.close();
                stopped.countDown();
            }, "firebreak-aggregate-shutdown"));
            out.println("Firebreak aggregate of " + instances.size() + " instance(s): " + server.streamUri());
            out.println("Point the Hystrix Dashboard at it; instances that go down or come back are logged.");
            out.println("Ctrl-C stops.");
            out.flush();
            stopped.await();
            return 0;
        } catch (IllegalArgumentException bad) { // InvalidConfigException included: it names key, value and rule
            out.println("firebreak aggregate: " + bad.getMessage());
            out.println(USAGE);
            return 2;
        }
    }

    private static int number(String[] args, int at, String option) {
        if (at >= args.length || !args[at].matches("[0-9]{1,9}")) {
            throw new IllegalArgumentException(option + " needs a whole number");
        }
        return Integer.parseInt(args[at]);
    }

    private static URI uri(String text) {
        try {
            return new URI(text);
        } catch (URISyntaxException bad) {
            throw new InvalidConfigException("aggregate.instances", text, "must be a URL: " + bad.getReason());
        }
    }
}
