package dev.firebreak.lab.cli;

import java.nio.file.Path;
import picocli.CommandLine.Option;

/**
 * The options every experiment takes, declared once: {@code --quick}, {@code --csv FILE} and
 * {@code --out DIR}. An experiment's options extend this class and declare their own with picocli's
 * {@link Option}, {@link Range} and {@link QuickDefault}; {@link #resolve()} turns raw values that need
 * more than a type (lists of labels, specifications) into the experiment's settings and checks them.
 */
public abstract class ExperimentOptions {

    @Option(names = "--quick", description = "CI mode: short windows, every variant")
    private boolean quick;

    @Option(names = "--csv", paramLabel = "FILE", description = "also write the CSV to FILE")
    private Path csv;

    @Option(names = "--out", paramLabel = "DIR", description = "results root (default results/); each run gets DIR/<time>-<experiment>/")
    private Path out;

    /** The CI mode. */
    public boolean quick() {
        return quick;
    }

    /** An extra CSV destination, or null. */
    public Path csv() {
        return csv;
    }

    /** The results root, or null for the environment's. */
    public Path out() {
        return out;
    }

    /**
     * Called once the command line is parsed: converts and checks what the declarations alone cannot.
     *
     * @throws UsageException naming the option, the value and the rule
     */
    protected void resolve() throws UsageException {
    }
}
