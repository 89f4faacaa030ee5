package dev.firebreak.bench;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * The system's load averages over 1, 5 and 15 minutes (as {@code uptime} prints them); NaN where the
 * platform does not say.
 */
public record LoadAverage(double one, double five, double fifteen) {

    /** Reads them now: /proc/loadavg on Linux, else the 1-minute figure from the OS bean. */
    public static LoadAverage now() {
        try {
            String[] fields = Files.readString(Path.of("/proc/loadavg")).trim().split("\\s+");
            return new LoadAverage(Double.parseDouble(fields[0]), Double.parseDouble(fields[1]), Double.parseDouble(fields[2]));
        } catch (IOException | RuntimeException unavailable) {
            double one = ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
            return new LoadAverage(one < 0 ? Double.NaN : one, Double.NaN, Double.NaN);
        }
    }

    @Override
    public String toString() {
        return String.format(Locale.ROOT, "%.2f, %.2f, %.2f", one, five, fifteen);
    }
}
