package dev.firebreak.lab.demo;

import dev.firebreak.GuardRegistry;
import java.io.PrintStream;
import java.util.concurrent.CountDownLatch;

/**
 * {@code ./firebreak demo [--port N]}: starts the {@link DemoService} on 127.0.0.1 (port 7979 unless
 * told otherwise), prints the stream and dashboard URLs, and runs until interrupted (Ctrl-C).
 */
public final class DemoCommand {

    static final String USAGE = "usage: firebreak demo [--port N]   (N from 0 to 65535; default 7979)";

    private DemoCommand() {
    }

    /** Runs the demo until the JVM is interrupted; returns the exit code (2 for bad arguments). */
    public static int run(String[] args, PrintStream out) throws InterruptedException {
        int port = 7979;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--port" -> {
                    Integer parsed = i + 1 < args.length ? parsePort(args[i + 1]) : null;
                    if (parsed == null) {
                        out.println(USAGE);
                        return 2;
                    }
                    port = parsed;
                    i++;
                }
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
        DemoService demo = new DemoService(GuardRegistry.builder().build(), port).start();
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            demo.close();
            stopped.countDown();
        }, "firebreak-demo-shutdown"));
        out.println("Firebreak demo: 4 guards and a collapser under light synthetic load.");
        out.println("  stream:    " + demo.server().streamUri());
        out.println("  dashboard: " + demo.server().dashboardUri());
        out.println("inventory.reserve fails in bursts (15 s every 40 s): watch its breaker open and close.");
        out.println("Ctrl-C stops.");
        out.flush();
        stopped.await();
        return 0;
    }

    private static Integer parsePort(String text) {
        if (!text.matches("[0-9]{1,5}")) {
            return null;
        }
        int port = Integer.parseInt(text);
        return port <= 65_535 ? port : null;
    }
}
