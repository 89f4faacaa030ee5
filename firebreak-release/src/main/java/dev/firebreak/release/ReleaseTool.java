package dev.firebreak.release;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;

/**
 * The command line the release dry run (./firebreak release --dry-run) calls between its Maven builds.
 * Exit 0: all good; 1: a check failed (each problem on its own line); 2: wrong usage.
 * <pre>
 *   check-bundle STAGING --group G --expect a,b,c --gpg-home DIR   Central's rules on a staged bundle
 *   zip-bundle STAGING ZIP                                          the portal's upload bundle
 *   compare-builds FIRST SECOND                                     every module/target/*.jar, byte for byte
 *   check-api BASELINE RELEASE --modules a,b --from V0 --to V1 --reports DIR   API compatibility
 * </pre>
 */
public final class ReleaseTool {
    private ReleaseTool() {}

    public static void main(String[] args) throws IOException {
        System.exit(run(args, System.out));
    }

    static int run(String[] args, PrintStream out) throws IOException {
        if (args.length == 0) return usage(out, "no command");
        List<String> positional = new ArrayList<>();
        Map<String, String> options = new HashMap<>();
        for (int i = 1; i < args.length; i++) {
            if (args[i].startsWith("--")) {
                if (i + 1 >= args.length) return usage(out, "option " + args[i] + " needs a value");
                options.put(args[i].substring(2), args[++i]);
            } else {
                positional.add(args[i]);
            }
        }
        try {
            return switch (args[0]) {
                case "check-bundle" -> checkBundle(positional, options, out);
                case "zip-bundle" -> {
                    need(positional, 2, "zip-bundle STAGING ZIP");
                    int files = BundleZip.write(Path.of(positional.get(0)), Path.of(positional.get(1)));
                    out.println("bundle: " + files + " files in " + positional.get(1));
                    yield 0;
                }
                case "compare-builds" -> {
                    need(positional, 2, "compare-builds FIRST SECOND");
                    yield report(out, "reproducible: every jar of the two builds is byte for byte the same",
                            JarComparison.compareBuilds(Path.of(positional.get(0)), Path.of(positional.get(1))));
                }
                case "check-api" -> checkApi(positional, options, out);
                default -> usage(out, "unknown command '" + args[0] + "'");
            };
        } catch (IllegalArgumentException e) {
            return usage(out, e.getMessage());
        }
    }

    private static int checkBundle(List<String> positional, Map<String, String> options, PrintStream out) throws IOException {
        need(positional, 1, "check-bundle STAGING --group G --expect a,b,c --gpg-home DIR");
        String gpgHome = option(options, "gpg-home");
        BundleCheck check = new BundleCheck(Path.of(positional.getFirst()), new GpgVerifier("gpg", Path.of(gpgHome)));
        List<String> problems = check.check(option(options, "group"), new LinkedHashSet<>(list(option(options, "expect"))));
        return report(out, "bundle: Central's rules hold for every pom and file", problems);
    }

    private static int checkApi(List<String> positional, Map<String, String> options, PrintStream out) throws IOException {
        need(positional, 2, "check-api BASELINE RELEASE --modules a,b --from V0 --to V1 --reports DIR");
        Path baseline = Path.of(positional.get(0));
        Path release = Path.of(positional.get(1));
        ReleaseVersion from = ReleaseVersion.parse("--from", option(options, "from"));
        ReleaseVersion to = ReleaseVersion.parse("--to", option(options, "to"));
        Path reports = Files.createDirectories(Path.of(option(options, "reports")));
        List<String> refused = new ArrayList<>();
        int changes = 0;
        for (String module : list(option(options, "modules"))) {
            Path newJar = release.resolve(module).resolve("target").resolve(module + "-" + to + ".jar");
            Path oldJar = baseline.resolve(module).resolve("target").resolve(module + "-" + from + ".jar");
            if (!Files.isRegularFile(newJar)) {
                refused.add(module + ": no jar at " + newJar);
                continue;
            }
            if (!Files.isRegularFile(oldJar)) {
                out.println("api: " + module + " is new since " + from + " (no " + oldJar.getFileName() + "): nothing to compare");
                continue;
            }
            ApiCheck.Result result = ApiCheck.compare(module, oldJar, classPath(oldJar), from, newJar, classPath(newJar), to);
            Path file = reports.resolve(module + ".txt");
            Files.writeString(file, result.report(from, to));
            out.println("api: " + module + ": " + result.changes().size() + " change line(s), listed in " + file);
            refused.addAll(result.refused());
            changes += result.changes().size();
        }
        if (!refused.isEmpty()) {
            out.println("api: " + to + " may not break the API of " + from + " (only a new major version, or a new minor"
                    + " version while 0.x, may): use a version that may, or restore what was removed or changed");
        }
        return report(out, changes == 0 ? "api: the public API is the same as " + from + "'s"
                : "api: every change is allowed from " + from + " to " + to, refused);
    }

    private static List<String> classPath(Path jar) throws IOException { // written beside the jar by the build
        Path file = jar.resolveSibling("classpath.txt");
        if (!Files.isRegularFile(file)) throw new IllegalArgumentException(file + ": missing (the build writes it with dependency:build-classpath)");
        String content = Files.readString(file).strip();
        return content.isEmpty() ? List.of() : List.of(content.split(java.io.File.pathSeparator));
    }

    private static int report(PrintStream out, String success, List<String> problems) {
        if (problems.isEmpty()) {
            out.println(success);
            return 0;
        }
        problems.forEach(p -> out.println("FAIL " + p));
        return 1;
    }

    private static int usage(PrintStream out, String why) {
        out.println("release tool: " + why + "\nusage: check-bundle | zip-bundle | compare-builds | check-api (see ReleaseTool's comment)");
        return 2;
    }

    private static void need(List<String> positional, int count, String form) {
        if (positional.size() != count) throw new IllegalArgumentException("expected: " + form + ", got " + positional);
    }

    private static String option(Map<String, String> options, String name) {
        String value = options.get(name);
        if (value == null || value.isBlank()) throw new IllegalArgumentException("missing option --" + name);
        return value;
    }

    private static List<String> list(String csv) {
        return Arrays.stream(csv.split(",")).map(String::strip).filter(s -> !s.isEmpty()).toList();
    }
}
