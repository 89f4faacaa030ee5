package dev.firebreak.spring.boot.startup;

import java.io.BufferedReader;
import java.io.File;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the starter adds to a minimal application's startup: runs {@link StartupProbe} in fresh JVMs,
 * alternately with the starter (and its dependencies: core, stream, micrometer binder,
 * context-propagation) on the classpath and without, and prints each run and the medians. Spring Cloud
 * and the Hystrix bridge are left off both classpaths (they are not part of a minimal application);
 * everything else of the test classpath (actuator, Micrometer, the web stacks) is on both, so the
 * starter's metrics binding, endpoint and health contributor are part of what is measured.
 *
 * <p>Arguments: runs per variant (default 11), then {@code none} (default) or {@code servlet}. Run it on
 * the module's test classpath; docs/spring-boot.md gives the command.
 */
public final class StartupBenchmark {

    private static final Pattern RESULT =
            Pattern.compile("startup-ms=(\\d+) cpu-ms=(\\d+) main-cpu-ms=(\\d+) firebreak-beans-ms=(\\d+) starter=(true|false)");

    public static void main(String[] args) throws Exception {
        int runs = args.length > 0 ? Integer.parseInt(args[0]) : 11;
        String web = args.length > 1 ? args[1] : "none";
        List<String> all = Arrays.asList(System.getProperty("java.class.path").split(File.pathSeparator));
        List<String> without = new ArrayList<>();
        List<String> with = new ArrayList<>();
        for (String entry : all) {
            if (isLeftOffBoth(entry)) {
                continue;
            }
            with.add(entry);
            if (!isTheStarterOrItsOwn(entry)) {
                without.add(entry);
            }
        }
        String java = ProcessHandle.current().info().command().orElse("java");
        List<long[]> withTimes = new ArrayList<>();
        List<long[]> withoutTimes = new ArrayList<>();
        run(java, without, web, false); // warm the disk cache once each, not counted
        run(java, with, web, true);
        for (int i = 0; i < runs; i++) {
            withoutTimes.add(run(java, without, web, false));
            withTimes.add(run(java, with, web, true));
            System.out.printf("run %2d: without %s | with %s%n", i + 1, text(withoutTimes.getLast()), text(withTimes.getLast()));
        }
        String[] names = {"wall ms to ready", "process CPU ms", "main thread CPU ms", "starter's beans ms"};
        System.out.printf("web=%s runs=%d medians (without starter / with starter / added):%n", web, runs);
        for (int k = 0; k < names.length; k++) {
            long medianWithout = median(withoutTimes, k);
            long medianWith = median(withTimes, k);
            System.out.printf("  %-20s %6d / %6d / %+5d%n", names[k], medianWithout, medianWith, medianWith - medianWithout);
        }
    }

    private static String text(long[] figures) {
        return String.format("wall %5d ms, cpu %5d ms, main cpu %5d ms, starter's beans %4d ms", figures[0], figures[1],
                figures[2], figures[3]);
    }

    private static boolean isLeftOffBoth(String entry) {
        return entry.contains("spring-cloud-") || entry.contains("firebreak-hystrix") || entry.contains("archaius")
                || entry.contains("rxjava") || entry.contains("firebreak-testkit");
    }

    private static boolean isTheStarterOrItsOwn(String entry) {
        String path = entry.replace('\\', '/');
        return path.contains("firebreak-spring-boot-starter/target/classes") || path.contains("firebreak-core")
                || path.contains("firebreak-stream") || path.contains("firebreak-micrometer")
                || path.contains("context-propagation");
    }

    /** One fresh JVM: its wall time to ready, process CPU and main-thread CPU, in ms. */
    private static long[] run(String java, List<String> classpath, String web, boolean expectStarter) throws Exception {
        Process process = new ProcessBuilder(java, "-cp", String.join(File.pathSeparator, classpath),
                StartupProbe.class.getName(), web).redirectErrorStream(true).start();
        String found = null;
        StringBuilder output = new StringBuilder();
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                output.append(line).append('\n');
                if (RESULT.matcher(line).find()) {
                    found = line;
                }
            }
        }
        process.waitFor();
        if (found == null) {
            throw new IllegalStateException("the probe printed no result:\n" + output);
        }
        Matcher m = RESULT.matcher(found);
        m.find();
        if (Boolean.parseBoolean(m.group(5)) != expectStarter) {
            throw new IllegalStateException("expected starter=" + expectStarter + " but the probe said " + found);
        }
        return new long[] {Long.parseLong(m.group(1)), Long.parseLong(m.group(2)), Long.parseLong(m.group(3)),
                Long.parseLong(m.group(4))};
    }

    private static long median(List<long[]> runs, int figure) {
        List<Long> sorted = new ArrayList<>();
        for (long[] run : runs) {
            sorted.add(run[figure]);
        }
        Collections.sort(sorted);
        return sorted.get(sorted.size() / 2);
    }
}
