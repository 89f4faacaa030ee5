package dev.firebreak.spring.boot.startup;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * The JVM's threads as the operating system sees them (Linux {@code /proc/self/task}), with the CPU time
 * each has used: the JIT compiler, GC and VM threads as well as the Java threads, which is where a
 * process's CPU time beyond its main thread's goes. {@link StartupProbe} prints them at
 * {@code ApplicationReadyEvent} with {@code -Dfirebreak.probe.threads=true}; threads that already ended
 * are not listed (their time is in the process's CPU figure only). Diagnostics, not a test.
 */
final class NativeThreads {

    private NativeThreads() {
    }

    /** Prints one line per live thread (CPU ms, name) and the sums by kind of thread. */
    static void print() {
        long ticksPerSecond = 100; // USER_HZ, 100 on every Linux the project runs on
        List<String> lines = new ArrayList<>();
        Map<String, Long> byKind = new TreeMap<>();
        try (Stream<Path> tasks = Files.list(Path.of("/proc/self/task"))) {
            for (Path task : (Iterable<Path>) tasks::iterator) {
                String stat = Files.readString(task.resolve("stat"));
                String name = stat.substring(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
                String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
                long millis = (Long.parseLong(fields[11]) + Long.parseLong(fields[12])) * 1000 / ticksPerSecond;
                lines.add(String.format("  thread %6d ms  %s", millis, name));
                byKind.merge(kind(name), millis, Long::sum);
            }
        } catch (IOException | RuntimeException notLinux) {
            System.out.println("  threads: not available (" + notLinux + ")");
            return;
        }
        lines.sort(null);
        lines.forEach(System.out::println);
        byKind.forEach((kind, millis) -> System.out.printf("  kind %-10s %6d ms%n", kind, millis));
        System.out.println("  live threads: " + lines.size());
    }

    private static String kind(String name) {
        if (name.startsWith("C1 ") || name.startsWith("C2 ")) {
            return "jit";
        }
        if (name.startsWith("G1") || name.startsWith("GC")) {
            return "gc";
        }
        if (name.equals("java")) {
            return "main";
        }
        if (name.startsWith("VM ") || name.startsWith("VM") || name.startsWith("Service") || name.startsWith("Signal")
                || name.startsWith("Reference") || name.startsWith("Finalizer") || name.startsWith("Common-Cleaner")
                || name.startsWith("Notification") || name.startsWith("Monitor") || name.startsWith("Attach")) {
            return "vm";
        }
        return "other";
    }
}
