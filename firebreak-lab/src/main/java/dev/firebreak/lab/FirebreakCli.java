package dev.firebreak.lab;

import dev.firebreak.lab.experiment.LabEnvironment;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Arrays;

/** The command line behind {@code ./firebreak}: dispatches a subcommand to its runner. */
public final class FirebreakCli {

    private FirebreakCli() {
    }

    /** The launcher says whether stderr is a terminal ({@code -Dfirebreak.tty}); without it, guess from the console. */
    private static boolean stderrIsTerminal() {
        String told = System.getProperty("firebreak.tty");
        return told != null ? Boolean.parseBoolean(told) : System.console() != null;
    }

    /** Entry point: {@code FirebreakCli <command> [args...]}. */
    public static void main(String[] args) throws Exception {
        if (args.length == 0) {
            System.err.println("usage: firebreak <command> [args...]   (try ./firebreak help)");
            System.exit(2);
        }
        String[] rest = Arrays.copyOfRange(args, 1, args.length);
        switch (args[0]) {
            case "example" -> System.exit(GuardExample.run(rest, System.out));
            case "lab" -> System.exit(LabCommand.run(Arrays.asList(rest), new LabEnvironment(System.out, System.err,
                    stderrIsTerminal(), Path.of("results"), Clock.systemDefaultZone(),
                    System.getProperty("firebreak.command", "firebreak lab " + String.join(" ", rest)))));
            case "demo" -> System.exit(dev.firebreak.lab.demo.DemoCommand.run(rest, System.out));
            case "aggregate" -> System.exit(dev.firebreak.lab.aggregate.AggregateCommand.run(rest, System.out));
            default -> {
                System.err.println("firebreak: unknown command '" + args[0] + "'");
                System.exit(2);
            }
        }
    }
}
