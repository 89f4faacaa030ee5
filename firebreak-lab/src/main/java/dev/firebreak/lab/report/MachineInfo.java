package dev.firebreak.lab.report;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * What a result depends on besides the code: cores, memory, OS, CPU model, JDK, and the exact command.
 *
 * @param cores processors available to the JVM
 * @param memoryBytes physical memory (0 if unknown)
 * @param os name, version and architecture
 * @param cpu the CPU model (from /proc/cpuinfo when present)
 * @param jdk vendor, runtime version and VM
 * @param command the command line as typed (the launcher passes it in)
 */
public record MachineInfo(int cores, long memoryBytes, String os, String cpu, String jdk, String command) {

    /** Reads this machine and JVM; {@code command} is recorded as given. */
    public static MachineInfo current(String command) {
        long memory = 0;
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
            memory = os.getTotalMemorySize();
        }
        return new MachineInfo(Runtime.getRuntime().availableProcessors(), memory,
                System.getProperty("os.name") + " " + System.getProperty("os.version") + " " + System.getProperty("os.arch"),
                cpuModel(),
                System.getProperty("java.vendor") + " " + System.getProperty("java.runtime.version")
                        + " (" + System.getProperty("java.vm.name") + ")",
                command);
    }

    private static String cpuModel() {
        try {
            List<String> lines = Files.readAllLines(Path.of("/proc/cpuinfo"));
            for (String line : lines) {
                if (line.startsWith("model name")) {
                    return line.substring(line.indexOf(':') + 1).trim();
                }
            }
        } catch (IOException | RuntimeException e) {
            // not Linux, or not readable
        }
        return "unknown";
    }

    /** A Markdown bullet list of the fields. */
    public String toMarkdown() {
        return "- machine: " + cores + " cores, " + (memoryBytes / (1024 * 1024 * 1024.0) > 0
                        ? Table.number(memoryBytes / (1024.0 * 1024 * 1024), 1) + " GiB" : "memory unknown")
                + ", " + os + "\n"
                + "- CPU: " + cpu + "\n"
                + "- JDK: " + jdk + "\n"
                + "- command: `" + command + "`\n";
    }
}
