package dev.firebreak.lab.demo;

import dev.firebreak.GuardRegistry;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * {@code ./firebreak demo [--port N] [--fleet] [--duration S]}: starts the {@link DemoService} on 127.0.0.1
 * (port 7979 unless told otherwise), or with {@code --fleet} three instances, their aggregate stream and
 * Prometheus ({@link FleetDemo}); prints the URLs to open and runs until interrupted (Ctrl-C) or for
 * {@code S} seconds, then stops everything it started.
 */
public final class DemoCommand {

    static final String USAGE = "usage: firebreak demo [--port N] [--fleet] [--duration S]\n"
            + "  --port: 0 to 65535 (default 7979; 0: free ports); with --fleet the base: instances at N+1..N+3,\n"
            + "          their /metrics at N+11..N+13, the aggregate at N+4, Prometheus at N+5\n"
            + "  --fleet: three instances (one faulty), the aggregate /turbine.stream, Prometheus when installed\n"
            + "  --duration: stop after S seconds (default: run until Ctrl-C)";
    /** The rules file another part of the repository provides; loaded by the fleet's Prometheus when present. */
    static final String RULES = "dashboards/prometheus/firebreak-rules.yml";

    private DemoCommand() {
    }

    /** Runs the demo until the JVM is interrupted or the duration ends; returns the exit code (2 for bad arguments). */
    public static int run(String[] args, PrintStream out) throws InterruptedException {
        return run(args, out, new CountDownLatch(1));
    }

    /** As above; counting {@code stop} down also stops the demo (tests end it early with it). */
    static int run(String[] args, PrintStream out, CountDownLatch stop) throws InterruptedException {
        int port = 7979;
        boolean fleet = false;
        long durationSeconds = 0;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--port", "--duration" -> {
                    Integer parsed = i + 1 < args.length ? parse(args[i + 1], args[i].equals("--port") ? 65_535 : 1_000_000) : null;
                    if (parsed == null || (args[i].equals("--duration") && parsed == 0)) {
                        out.println("firebreak demo: " + args[i] + " needs "
                                + (args[i].equals("--port") ? "a port from 0 to 65535" : "a number of seconds from 1 to 1000000"));
                        out.println(USAGE);
                        return 2;
                    }
                    if (args[i].equals("--port")) {
                        port = parsed;
                    } else {
                        durationSeconds = parsed;
                    }
                    i++;
                }
                case "--fleet" -> fleet = true;
                case "--help", "-h" -> {
                    out.println(USAGE);
                    return 0;
                }
                default -> {
                    out.println("firebreak demo: unknown argument '" + args[i] + "'");
                    out.println(USAGE);
                    return 2;
                }
            }
        }
        AutoCloseable running;
        if (fleet) {
            FleetPorts ports;
            try {
                ports = FleetPorts.from(port);
            } catch (IllegalArgumentException bad) {
                out.println("firebreak demo: " + bad.getMessage());
                out.println(USAGE);
                return 2;
            }
            FleetDemo demo;
            try {
                demo = FleetDemo.start(ports, Files.isExecutable(PrometheusProcess.BINARY) ? PrometheusProcess.BINARY : null, rules());
            } catch (IOException | RuntimeException failed) {
                out.println("firebreak demo --fleet: could not start: " + failed.getMessage());
                return 1;
            }
            demo.printUrls(out);
            running = demo;
        } else {
            DemoService demo = new DemoService(GuardRegistry.builder().build(), port).start();
            out.println("Firebreak demo: 4 guards and a collapser under light synthetic load.");
            out.println("  stream:    " + demo.server().streamUri());
            out.println("  dashboard: " + demo.server().dashboardUri());
            out.println("inventory.reserve fails in bursts (15 s every 40 s): watch its breaker open and close.");
            out.println("Ctrl-C stops.");
            out.flush();
            running = demo;
        }
        Thread hook = new Thread(() -> {
            closeQuietly(running);
            stop.countDown();
        }, "firebreak-demo-shutdown");
        Runtime.getRuntime().addShutdownHook(hook);
        try {
            if (durationSeconds > 0) {
                stop.await(durationSeconds, TimeUnit.SECONDS);
            } else {
                stop.await();
            }
        } finally {
            closeQuietly(running);
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException shuttingDown) {
                // Ctrl-C: the hook is running or has run
            }
        }
        out.println("Stopped.");
        out.flush();
        return 0;
    }

    /** The repository's rules file when it exists: from {@code -Dfirebreak.root} (the launcher sets it), else the working folder or its parent. */
    static Path rules() {
        String root = System.getProperty("firebreak.root");
        Path folder = Path.of(root != null ? root : System.getProperty("user.dir")).toAbsolutePath();
        while (root == null && folder.getParent() != null && !Files.isRegularFile(folder.resolve("firebreak"))) {
            folder = folder.getParent(); // a module's folder (tests) up to the repository's root
        }
        Path rules = folder.resolve(RULES);
        return Files.isRegularFile(rules) ? rules : null;
    }

    private static void closeQuietly(AutoCloseable running) {
        try {
            running.close();
        } catch (Exception ignored) {
            // stopping: nothing more to do about it
        }
    }

    private static Integer parse(String text, int max) {
        if (!text.matches("[0-9]{1,7}")) {
            return null;
        }
        int value = Integer.parseInt(text);
        return value <= max ? value : null;
    }
}
