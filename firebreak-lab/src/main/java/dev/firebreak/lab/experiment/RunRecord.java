package dev.firebreak.lab.experiment;

import dev.firebreak.lab.report.MachineInfo;
import dev.firebreak.lab.report.Table;
import java.lang.management.ManagementFactory;
import java.time.LocalDateTime;

/**
 * What a report says about the circumstances of a run: the machine, the JDK, the exact command, when
 * it started, how long it took, and the machine's load average before and after (the lab's machine
 * is often shared; a load above the core count makes the figures noisy).
 */
public final class RunRecord {

    private final MachineInfo machine;
    private final String started;
    private final double loadBefore;
    private double loadAfter = Double.NaN;
    private double wallSeconds = Double.NaN;

    private RunRecord(MachineInfo machine, String started, double loadBefore) {
        this.machine = machine;
        this.started = started;
        this.loadBefore = loadBefore;
    }

    /** Records the machine and the load now, at the start of a run. */
    public static RunRecord start(LabEnvironment env) {
        return new RunRecord(MachineInfo.current(env.command()), LocalDateTime.now(env.wallClock()).withNano(0).toString(),
                loadAverage());
    }

    /** Records the load at the end and the run's length. */
    public void finish(double seconds) {
        this.wallSeconds = seconds;
        this.loadAfter = loadAverage();
    }

    /** The one-minute load average now (NaN where the platform does not say). */
    public static double loadAverage() {
        double load = ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
        return load < 0 ? Double.NaN : load;
    }

    /** True if the load before or after exceeded the core count: the figures are noisy. */
    public boolean noisy() {
        int cores = machine.cores();
        return loadBefore > cores || loadAfter > cores;
    }

    /** The Markdown section describing the run. */
    public String toMarkdown() {
        return machine.toMarkdown() + "\n- started: " + started + ", took " + Table.number(wallSeconds, 1) + " s\n"
                + "- load average (1 min): " + Table.number(loadBefore, 2) + " before, " + Table.number(loadAfter, 2)
                + " after, on " + machine.cores() + " cores" + (noisy() ? " (above the core count: other work shared the "
                + "machine, read the figures as noisy)" : "") + "\n";
    }
}
