package dev.firebreak.lab.experiment;

import dev.firebreak.lab.cli.UsageException;
import java.util.List;

/**
 * One of the lab's experiments, run by {@code ./firebreak lab <name> [options]}. Every experiment
 * accepts {@code --quick} (a short CI run covering every variant), {@code --csv FILE} and
 * {@code --out DIR}, prints a Markdown table, and writes a results folder (CSV, report, chart).
 */
public interface Experiment {

    /** The name on the command line. */
    String name();

    /** One line saying what it reproduces. */
    String summary();

    /** The usage text listing its options. */
    String usage();

    /**
     * Runs the experiment.
     *
     * @param args the words after the experiment's name
     * @return the process exit code
     * @throws UsageException if the arguments are wrong (the caller prints the message and the usage)
     */
    int run(List<String> args, LabEnvironment environment) throws Exception;
}
