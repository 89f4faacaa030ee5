package dev.firebreak.lab.experiment.fleet;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The instances of one run, started on the lab's class path with the same JVM options, logging into the
 * run's scratch folder, and all stopped by {@link #close()} (also when the run fails).
 */
final class Fleet implements AutoCloseable {

    private final Path scratch;
    private final List<String> jvmOptions;
    private final List<InstanceProcess> started = new ArrayList<>();

    /**
     * @param scratch the run's scratch folder (logs)
     * @param fastStart whether to trade peak speed for start-up time (C1 only): the propagation part's
     *     instances do no hot work
     */
    Fleet(Path scratch, boolean fastStart) throws IOException {
        this.scratch = Files.createDirectories(scratch);
        List<String> options = new ArrayList<>(List.of("-Xmx96m", "-XX:+UseSerialGC",
                "-Dproject.name=" + SentinelGate.NAMESPACE,
                "-Dcsp.sentinel.log.dir=" + scratch.resolve("sentinel-logs")));
        if (Runtime.version().feature() >= 23) {
            options.add("--sun-misc-unsafe-memory-access=allow");
        }
        if (fastStart) {
            options.add("-XX:TieredStopAtLevel=1");
        }
        this.jvmOptions = List.copyOf(options);
    }

    /** Starts instance {@code name} in {@code role} with {@code settings} ({@code key=value}); does not wait for it. */
    InstanceProcess start(String name, String role, List<String> settings) throws IOException {
        List<String> arguments = new ArrayList<>();
        arguments.add(role);
        arguments.addAll(settings);
        InstanceProcess instance = InstanceProcess.start(name, jvmOptions, arguments, scratch.resolve(name + ".log"));
        started.add(instance);
        return instance;
    }

    @Override
    public void close() throws InterruptedException {
        for (InstanceProcess instance : started) {
            instance.close();
        }
        started.clear();
    }
}
