package dev.firebreak.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The machine and JDK a run measured.
 *
 * @param cores       processors the JVM sees
 * @param memoryBytes physical memory (0 if unknown)
 * @param cpuModel    the CPU's model name ("unknown" if the platform does not say)
 * @param os          the OS: distribution (if known), kernel and architecture
 * @param jdk         the JDK: VM name, vendor and runtime version
 * @param clockSource the kernel's clock source behind the JVM's {@code nanoTime()} ({@code tsc},
 *                    {@code kvm-clock}...; null if the platform does not say, or the run predates it)
 */
public record MachineInfo(int cores, long memoryBytes, String cpuModel, String os, String jdk, String clockSource) {

    private static final String CLOCK_SOURCE = "/sys/devices/system/clocksource/clocksource0/current_clocksource";

    /** Describes this machine. */
    public static MachineInfo current() {
        return new MachineInfo(Runtime.getRuntime().availableProcessors(), readMemory(), readCpuModel(), readOs(), readJdk(),
                readClockSource());
    }

    private static String readClockSource() {
        List<String> lines = lines(CLOCK_SOURCE);
        return lines.isEmpty() || lines.get(0).isBlank() ? null : lines.get(0).trim();
    }

    private static long readMemory() {
        for (String line : lines("/proc/meminfo")) {
            if (line.startsWith("MemTotal:")) {
                String[] fields = line.split("\\s+");
                return Long.parseLong(fields[1]) * 1024L;
            }
        }
        return 0L;
    }

    private static String readCpuModel() {
        for (String line : lines("/proc/cpuinfo")) {
            if (line.startsWith("model name")) {
                return line.substring(line.indexOf(':') + 1).trim();
            }
        }
        return "unknown";
    }

    private static String readOs() {
        String distribution = null;
        for (String line : lines("/etc/os-release")) {
            if (line.startsWith("PRETTY_NAME=")) {
                distribution = line.substring("PRETTY_NAME=".length()).replace("\"", "");
            }
        }
        String kernel = System.getProperty("os.name") + " " + System.getProperty("os.version") + " " + System.getProperty("os.arch");
        return distribution == null ? kernel : distribution + ", " + kernel;
    }

    private static String readJdk() {
        return System.getProperty("java.vm.name") + " (" + System.getProperty("java.vm.vendor") + ") "
                + System.getProperty("java.runtime.version");
    }

    private static List<String> lines(String file) {
        try {
            return Files.readAllLines(Path.of(file));
        } catch (IOException | RuntimeException unavailable) {
            return List.of();
        }
    }
}
