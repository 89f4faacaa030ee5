package dev.firebreak.lab.experiment.fleet;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;

/**
 * The main class of one fleet instance (a child JVM the fleet experiment starts): a service with a
 * Firebreak registry that either watches a configuration store ({@code propagation}) or calls a
 * dependency under a quota ({@code quota}). Commands arrive as lines on standard input, figures leave
 * as lines on standard output; {@code exit} (or the end of input) stops it.
 *
 * <p>Arguments: the role, then {@code key=value} settings (see {@link PropagationInstance} and
 * {@link QuotaInstance}).
 */
public final class FleetInstance {

    private FleetInstance() {
    }

    /** Runs one instance until {@code exit}. */
    public static void main(String[] args) throws Exception {
        Map<String, String> settings = new HashMap<>();
        for (int i = 1; i < args.length; i++) {
            int eq = args[i].indexOf('=');
            settings.put(args[i].substring(0, eq), args[i].substring(eq + 1));
        }
        PrintStream out = new PrintStream(System.out, true, StandardCharsets.UTF_8);
        BlockingQueue<String> commands = new LinkedBlockingQueue<>();
        Thread reader = new Thread(() -> readCommands(commands), "fleet-commands");
        reader.setDaemon(true);
        reader.start();
        switch (args[0]) {
            case "propagation" -> PropagationInstance.run(settings, commands, out);
            case "quota" -> QuotaInstance.run(settings, commands, out);
            default -> throw new IllegalArgumentException("role: '" + args[0] + "' must be propagation or quota");
        }
        System.exit(0); // client libraries leave non-daemon threads behind
    }

    private static void readCommands(BlockingQueue<String> commands) {
        try (BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8))) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                commands.add(line.strip());
            }
        } catch (java.io.IOException gone) {
            // the experiment is gone: stop as on exit
        }
        commands.add("exit");
    }
}
