package dev.firebreak.lab;

import java.util.Arrays;

/** The command line behind {@code ./firebreak}: dispatches a subcommand to its runner. */
public final class FirebreakCli {

    private FirebreakCli() {
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
            case "demo" -> System.exit(dev.firebreak.lab.demo.DemoCommand.run(rest, System.out));
            default -> {
                System.err.println("firebreak: unknown command '" + args[0] + "'");
                System.exit(2);
            }
        }
    }
}
