package dev.firebreak.release;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeSet;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * Two builds of one release, compared jar by jar, byte for byte. A difference names the jar and the
 * first entry that differs, and how (content, time, order, attributes), so the cause can be found.
 */
final class JarComparison {
    private JarComparison() {}

    /** Every jar under {@code module/target/} in either build; empty list when all are identical. */
    static List<String> compareBuilds(Path first, Path second) throws IOException {
        Map<String, Path> a = jars(first);
        Map<String, Path> b = jars(second);
        List<String> problems = new ArrayList<>();
        if (a.isEmpty()) problems.add(first + ": holds no built jars (module/target/*.jar)");
        for (String jar : new TreeSet<>(union(a, b))) {
            if (!a.containsKey(jar)) problems.add(jar + ": only in the second build");
            else if (!b.containsKey(jar)) problems.add(jar + ": only in the first build");
            else compare(jar, a.get(jar), b.get(jar)).ifPresent(problems::add);
        }
        return problems;
    }

    /** Empty when the two jars are byte for byte the same; else what differs, naming {@code label}. */
    static java.util.Optional<String> compare(String label, Path a, Path b) throws IOException {
        if (Arrays.equals(Files.readAllBytes(a), Files.readAllBytes(b))) return java.util.Optional.empty();
        try (ZipFile za = new ZipFile(a.toFile()); ZipFile zb = new ZipFile(b.toFile())) {
            List<ZipEntry> ea = za.stream().map(e -> (ZipEntry) e).toList();
            List<ZipEntry> eb = zb.stream().map(e -> (ZipEntry) e).toList();
            for (int i = 0; i < Math.max(ea.size(), eb.size()); i++) {
                if (i >= ea.size()) return differs(label, eb.get(i).getName(), "only in the second build");
                if (i >= eb.size()) return differs(label, ea.get(i).getName(), "only in the first build");
                ZipEntry x = ea.get(i);
                ZipEntry y = eb.get(i);
                if (!x.getName().equals(y.getName())) {
                    return differs(label, x.getName(), "entry order differs (the second build has " + y.getName() + " here)");
                }
                if (!Arrays.equals(read(za, x), read(zb, y))) return differs(label, x.getName(), "content differs");
                if (x.getTime() != y.getTime()) {
                    return differs(label, x.getName(), "modified time differs (" + x.getTimeLocal() + " vs " + y.getTimeLocal()
                            + "): is " + BundleCheck.OUTPUT_TIMESTAMP + " set?");
                }
                if (x.getMethod() != y.getMethod() || !Arrays.equals(x.getExtra(), y.getExtra())
                        || !Objects.equals(x.getComment(), y.getComment())) {
                    return differs(label, x.getName(), "entry attributes differ (method, extra field or comment)");
                }
            }
            return java.util.Optional.of(label + ": differs outside its entries (zip headers or archive comment)");
        }
    }

    private static java.util.Optional<String> differs(String jar, String entry, String how) {
        return java.util.Optional.of(jar + ": entry " + entry + ": " + how);
    }

    private static byte[] read(ZipFile zip, ZipEntry entry) throws IOException {
        try (InputStream in = zip.getInputStream(entry)) {
            return in.readAllBytes();
        }
    }

    private static Map<String, Path> jars(Path build) throws IOException {
        Map<String, Path> jars = new LinkedHashMap<>();
        if (!Files.isDirectory(build)) return jars;
        try (Stream<Path> walk = Files.walk(build)) {
            walk.filter(p -> p.getFileName().toString().endsWith(".jar") && p.getParent() != null
                            && p.getParent().getFileName().toString().equals("target"))
                    .sorted()
                    .forEach(p -> jars.put(build.relativize(p).toString(), p));
        }
        return jars;
    }

    private static List<String> union(Map<String, Path> a, Map<String, Path> b) {
        List<String> all = new ArrayList<>(a.keySet());
        all.addAll(b.keySet());
        return all;
    }
}
