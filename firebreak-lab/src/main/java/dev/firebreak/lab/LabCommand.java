package dev.firebreak.lab;

import dev.firebreak.lab.cli.UsageException;
import dev.firebreak.lab.experiment.Experiment;
import dev.firebreak.lab.experiment.Experiments;
import dev.firebreak.lab.experiment.LabEnvironment;
import java.util.List;
import java.util.Optional;

/** {@code firebreak lab <experiment> [options]}: finds the experiment and runs it. */
public final class LabCommand {

    private LabCommand() {
    }

    /** Runs {@code args} (the words after {@code lab}) and returns the exit code: 0 done, 2 usage error. */
    public static int run(List<String> args, LabEnvironment env) throws Exception {
        if (args.isEmpty() || args.getFirst().equals("help") || args.getFirst().equals("--help")) {
            env.out().println(listing());
            return args.isEmpty() ? 2 : 0;
        }
        Optional<Experiment> experiment = Experiments.find(args.getFirst());
        if (experiment.isEmpty()) {
            env.err().println("firebreak lab: unknown experiment '" + args.getFirst() + "'\n" + listing());
            return 2;
        }
        List<String> rest = args.subList(1, args.size());
        if (rest.contains("--help")) {
            env.out().print(experiment.get().usage());
            return 0;
        }
        try {
            return experiment.get().run(rest, env);
        } catch (UsageException e) {
            env.err().println("firebreak lab " + experiment.get().name() + ": " + e.getMessage());
            env.err().print(experiment.get().usage());
            return 2;
        }
    }

    private static String listing() {
        StringBuilder text = new StringBuilder("usage: firebreak lab <experiment> [--quick] [--csv FILE] [--out DIR] [options]\n"
                + "experiments:\n");
        for (Experiment e : Experiments.ALL) {
            text.append(String.format("  %-10s %s%n", e.name(), e.summary()));
        }
        text.append("options of one experiment: firebreak lab <experiment> --help");
        return text.toString();
    }
}
