package dev.firebreak.spring.boot.startup;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the starter adds to an application's startup: runs {@link StartupProbe} in fresh JVMs,
 * in pairs (one JVM with the starter and its dependencies on the classpath: core, stream, micrometer
 * binder, context-propagation; one without), and prints each pair, then for each figure the median of
 * each variant and the median, interquartile range and 95 % confidence interval of the pairs' differences
 * ({@link PairedDifferences}), with the machine's load average before and after.
 *
 * <p>Two applications, both the probe (no beans of its own): {@code minimal}, the budget's, has what
 * {@code spring-boot-starter} resolves to ({@link #BOOT_STARTER}), and the starter brings its own
 * libraries besides its modules ({@link #STARTER_LIBRARIES}); {@code full} has the module's whole test
 * classpath (actuator, Micrometer, AspectJ, both web stacks, the test libraries) on both variants, so the
 * starter's metrics binding, endpoint, health contributor and Reactor's context-propagation hook are part
 * of what is measured. Spring Cloud and the Hystrix bridge are on neither.
 *
 * <p>The starter and Firebreak's modules are recognised as their {@code target/classes} directories or as
 * their jars; the documented command packages them and puts the jars on the class path, as an application
 * gets them (a directory entry before the others costs a file lookup for every class the JVM loads).
 *
 * <p>The two JVMs of a pair run one right after the other, and which goes first alternates from pair to
 * pair, so a change of load on a shared machine or a drift in time weighs on both variants alike. The
 * first warm-up pairs are not counted (they bring the jars into the page cache).
 *
 * <p>Arguments: pairs (default 41), then {@code none} (default) or {@code servlet}, then warm-up pairs
 * (default 2), then {@code minimal} (default) or {@code full}. {@code -Dfirebreak.startup.jvmArgs="..."}
 * (options separated by spaces) is given to both variants' JVMs alike, for example
 * {@code -XX:TieredStopAtLevel=1}, whose startups vary far less from launch to launch on a 2-core machine
 * than with both JIT compilers competing for the cores. Run it on the
 * module's test classpath with absolute entries; docs/notes/spring-boot-startup.md gives the command. A benchmark, not a
 * test: nothing here asserts a time.
 */
public final class StartupBenchmark {

    /** The figures a probe prints, in the order they are reported. */
    private static final String[] KEYS = {"startup-ms", "cpu-ms", "main-cpu-ms", "firebreak-beans-ms", "classes",
            "main-alloc-kb"};
    private static final String[] NAMES = {"wall ms to ready", "process CPU ms", "main-thread CPU ms",
            "starter's beans ms", "classes loaded", "main-thread KB alloc"};

    /**
     * The minimal application's libraries: what {@code org.springframework.boot:spring-boot-starter} 4.1.2
     * resolves to (its own jar, logging, Spring Boot, its auto-configure module, Spring Framework's core
     * container, Micrometer's observation API), by artifact name. {@code mvn dependency:build-classpath} on a
     * project depending on that starter alone lists exactly these.
     */
    static final Set<String> BOOT_STARTER = Set.of("spring-boot-starter", "spring-boot-starter-logging", "logback-classic",
            "logback-core", "slf4j-api", "log4j-to-slf4j", "log4j-api", "jul-to-slf4j", "spring-boot-autoconfigure",
            "spring-boot", "spring-core", "commons-logging", "jspecify", "spring-context", "spring-aop", "spring-beans",
            "spring-expression", "micrometer-observation", "micrometer-commons", "jakarta.annotation-api", "snakeyaml");

    /**
     * What the Firebreak starter brings to that application besides Firebreak's own modules and
     * context-propagation: Micrometer's core (for the meter binder) and its histogram library.
     */
    static final Set<String> STARTER_LIBRARIES = Set.of("micrometer-core", "HdrHistogram", "LatencyUtils");

    /**
     * Whether the starter's entries go before the application's on the class path
     * ({@code -Dfirebreak.startup.starterFirst=true}) rather than after them, as Maven orders the class path
     * of an application that declares {@code spring-boot-starter} before Firebreak's starter (each
     * dependency followed by its own, depth first). The class loader searches the entries in order, so
     * entries in front cost a lookup for every class loaded from those behind them.
     */
    private static final boolean STARTER_FIRST = Boolean.getBoolean("firebreak.startup.starterFirst");

    /** A jar's file name: its artifact name, then a dash and a version starting with a digit. */
    private static final Pattern VERSIONED_JAR = Pattern.compile("(.+?)-\\d[^/]*\\.jar");

    /** Options given to every probe JVM, both variants alike ({@code -Dfirebreak.startup.jvmArgs}). */
    private static final List<String> JVM_ARGS = jvmArgs(System.getProperty("firebreak.startup.jvmArgs", ""));

    private StartupBenchmark() {
    }

    /** The options of {@code spaced}, split at spaces; none for a blank value. */
    static List<String> jvmArgs(String spaced) {
        String trimmed = spaced.trim();
        return trimmed.isEmpty() ? List.of() : List.of(trimmed.split("\\s+"));
    }

    /** The artifact name of a jar entry ({@code spring-core} for {@code .../spring-core-7.0.10.jar}), else the entry. */
    static String artifactName(String entry) {
        String path = entry.replace('\\', '/');
        Matcher versioned = VERSIONED_JAR.matcher(path.substring(path.lastIndexOf('/') + 1));
        return versioned.matches() ? versioned.group(1) : entry;
    }

    public static void main(String[] args) throws Exception {
        int pairs = args.length > 0 ? Integer.parseInt(args[0]) : 41;
        String web = args.length > 1 ? args[1] : "none";
        int warmups = args.length > 2 ? Integer.parseInt(args[2]) : 2;
        String application = args.length > 3 ? args[3] : "minimal";
        if (!application.equals("minimal") && !application.equals("full")) {
            throw new IllegalArgumentException("the fourth argument is the application, minimal or full, not " + application);
        }
        List<String> all = Arrays.asList(System.getProperty("java.class.path").split(File.pathSeparator));
        List<String> without = new ArrayList<>();
        List<String> starters = new ArrayList<>();
        for (String entry : all) {
            if (isLeftOffBoth(entry)) {
                continue;
            }
            boolean starter = isTheStarterOrItsOwn(entry);
            if (application.equals("minimal")) {
                boolean probe = !entry.endsWith(".jar"); // the probe's own classes (test-classes)
                String artifact = artifactName(entry);
                boolean boot = BOOT_STARTER.contains(artifact);
                starter = !boot && (starter || STARTER_LIBRARIES.contains(artifact));
                if (!probe && !boot && !starter) {
                    continue;
                }
            }
            (starter ? starters : without).add(entry);
        }
        List<String> with = new ArrayList<>(STARTER_FIRST ? starters : without);
        with.addAll(STARTER_FIRST ? without : starters);
        if (with.size() == without.size()) {
            throw new IllegalStateException("no classpath entry is the starter's (are the entries absolute?): " + all);
        }
        String java = ProcessHandle.current().info().command().orElse("java");
        System.out.printf("%s  application=%s starter first=%s web=%s pairs=%d warm-up pairs=%d cores=%d probe JVM options=%s"
                + " load average before: %s%n  without: %s%n  with adds: %s%n", Instant.now(), application, STARTER_FIRST, web,
                pairs, warmups, Runtime.getRuntime().availableProcessors(),
                JVM_ARGS.isEmpty() ? "(none)" : String.join(" ", JVM_ARGS), loadAverage(),
                without.stream().map(StartupBenchmark::artifactName).toList(),
                starters.stream().map(StartupBenchmark::artifactName).toList());
        for (int i = 0; i < warmups; i++) {
            run(java, without, web, false);
            run(java, with, web, true);
        }
        PairedDifferences[] figures = new PairedDifferences[KEYS.length];
        for (int k = 0; k < KEYS.length; k++) {
            figures[k] = new PairedDifferences();
        }
        for (int i = 0; i < pairs; i++) {
            boolean withFirst = i % 2 == 1;
            long[] first = run(java, withFirst ? with : without, web, withFirst);
            long[] second = run(java, withFirst ? without : with, web, !withFirst);
            long[] withTimes = withFirst ? first : second;
            long[] withoutTimes = withFirst ? second : first;
            for (int k = 0; k < KEYS.length; k++) {
                figures[k].add(withoutTimes[k], withTimes[k]);
            }
            System.out.printf("pair %2d (%s first, load %s): wall %5d / %5d ms, cpu %5d / %5d ms, main cpu %5d / %5d ms,"
                    + " starter's beans %3d ms, classes %5d / %5d, main alloc %6d / %6d KB%n", i + 1,
                    withFirst ? "with" : "without", loadAverage().split(" ")[0], withoutTimes[0], withTimes[0],
                    withoutTimes[1], withTimes[1], withoutTimes[2], withTimes[2], withTimes[3], withoutTimes[4], withTimes[4],
                    withoutTimes[5], withTimes[5]);
        }
        System.out.printf("%s  web=%s pairs=%d, without / with the starter (medians), and what the starter adds"
                + " (median of the pairs' differences, interquartile range, 95 %% confidence interval of that median):%n",
                Instant.now(), web, pairs);
        for (int k = 0; k < KEYS.length; k++) {
            PairedDifferences f = figures[k];
            long[] confidence = f.medianDifferenceConfidence95();
            System.out.printf("  %-20s %6d / %6d   added %+5d  (IQR %+d .. %+d, 95%% CI %+d .. %+d)%n", NAMES[k],
                    f.medianWithout(), f.medianWith(), f.medianDifference(), f.lowerQuartile(), f.upperQuartile(),
                    confidence[0], confidence[1]);
        }
        System.out.printf("load average after: %s%n", loadAverage());
    }

    /** The 1, 5 and 15-minute load averages (from /proc/loadavg), or the 1-minute one the JVM knows. */
    static String loadAverage() {
        try {
            String[] fields = Files.readString(Path.of("/proc/loadavg")).trim().split("\\s+");
            return fields[0] + " " + fields[1] + " " + fields[2];
        } catch (IOException | RuntimeException notLinux) {
            return String.format("%.2f", ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
        }
    }

    private static boolean isLeftOffBoth(String entry) {
        return entry.contains("spring-cloud-") || entry.contains("firebreak-hystrix") || entry.contains("archaius")
                || entry.contains("rxjava") || entry.contains("firebreak-testkit");
    }

    private static boolean isTheStarterOrItsOwn(String entry) {
        String path = entry.replace('\\', '/');
        return path.contains("firebreak-spring-boot-starter/target/classes")
                || path.contains("firebreak-spring-boot-starter/target/firebreak-spring-boot-starter-") // the jar
                || path.contains("firebreak-core")
                || path.contains("firebreak-stream") || path.contains("firebreak-micrometer")
                || path.contains("context-propagation");
    }

    /** One fresh JVM: its figures, in the order of {@link #KEYS}. */
    private static long[] run(String java, List<String> classpath, String web, boolean expectStarter) throws Exception {
        List<String> command = new ArrayList<>();
        command.add(java);
        command.addAll(JVM_ARGS);
        command.addAll(List.of("-cp", String.join(File.pathSeparator, classpath), StartupProbe.class.getName(), web));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String found = null;
        StringBuilder output = new StringBuilder();
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                output.append(line).append('\n');
                if (line.startsWith("startup-ms=")) {
                    found = line;
                }
            }
        }
        process.waitFor();
        if (found == null) {
            throw new IllegalStateException("the probe printed no result:\n" + output);
        }
        Map<String, String> values = new HashMap<>();
        for (String field : found.trim().split("\\s+")) {
            int equals = field.indexOf('=');
            values.put(field.substring(0, equals), field.substring(equals + 1));
        }
        if (Boolean.parseBoolean(values.get("starter")) != expectStarter) {
            throw new IllegalStateException("expected starter=" + expectStarter + " but the probe said " + found);
        }
        long[] figures = new long[KEYS.length];
        for (int k = 0; k < KEYS.length; k++) {
            figures[k] = Long.parseLong(values.get(KEYS[k]));
        }
        return figures;
    }
}
