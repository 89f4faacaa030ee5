package dev.firebreak.lab.demo;

import dev.firebreak.GuardRegistry;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;

/**
 * The main class of one instance of {@code ./firebreak demo --fleet} (a child JVM): a {@link DemoService}
 * with its stream and dashboard, and its meters at {@code /metrics} ({@link MetricsEndpoint}).
 *
 * <p>Arguments, {@code key=value}: {@code stream-port}, {@code metrics-port}, {@code fault} (an
 * {@link InventoryFault}) and {@code origins} (comma-separated origins whose dashboards may read the
 * stream). Once serving it prints {@code ready <stream URL> <metrics URL>}; {@code exit} on standard
 * input, or its end (the demo is gone), stops it.
 */
public final class DemoInstance {

    private DemoInstance() {
    }

    /** Runs one instance until {@code exit} or the end of standard input. */
    public static void main(String[] args) throws IOException {
        Map<String, String> settings = new HashMap<>();
        for (String arg : args) {
            int eq = arg.indexOf('=');
            if (eq < 1) {
                throw new IllegalArgumentException("argument '" + arg + "' must be key=value");
            }
            settings.put(arg.substring(0, eq), arg.substring(eq + 1));
        }
        String origins = settings.getOrDefault("origins", "");
        InventoryFault fault = InventoryFault.parse(settings.getOrDefault("fault", "none"));
        GuardRegistry registry = GuardRegistry.builder().allowChaos(fault == InventoryFault.DOWN).build();
        DemoService service = new DemoService(registry, Integer.parseInt(required(settings, "stream-port")), fault,
                origins.isEmpty() ? new String[0] : origins.split(","));
        MetricsEndpoint metrics;
        try {
            metrics = new MetricsEndpoint(registry, Integer.parseInt(required(settings, "metrics-port")));
            service.start();
        } catch (RuntimeException failed) { // a port taken, most often: the log's last line says so
            System.err.println(failed.getMessage());
            System.exit(1);
            return;
        }
        PrintStream out = new PrintStream(System.out, true, StandardCharsets.UTF_8);
        out.println("ready " + service.server().streamUri() + " " + metrics.uri());
        try (BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8))) {
            for (String line = in.readLine(); line != null && !line.strip().equals("exit"); line = in.readLine()) {
                // no other command: the instance runs until told to stop or left alone
            }
        } catch (IOException gone) {
            // the demo is gone: stop as on exit
        }
        metrics.close();
        service.close();
        System.exit(0); // the registry's scheduler and the pools' threads need not finish on their own
    }

    private static String required(Map<String, String> settings, String key) {
        String value = settings.get(key);
        if (value == null) {
            throw new IllegalArgumentException(key + ": missing; expected " + key + "=<port>");
        }
        return value;
    }
}
