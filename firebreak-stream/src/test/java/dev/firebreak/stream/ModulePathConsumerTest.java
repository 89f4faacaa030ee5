package dev.firebreak.stream;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.Guard;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.lang.module.ModuleDescriptor;
import java.lang.module.ModuleFinder;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A user's application that depends on Firebreak, compiled and run in a JVM of its own, once from the
 * module path (a {@code module-info} that requires {@code dev.firebreak.core} and
 * {@code dev.firebreak.stream}) and once from the class path: a guard, a retry and the stream server
 * with its dashboard work both ways, and from the module path the packages core does not export can
 * be neither compiled against nor reached by reflection.
 */
class ModulePathConsumerTest {

    private static final String MAIN = """
            package consumer;

            import dev.firebreak.Guard;
            import dev.firebreak.GuardRegistry;
            import dev.firebreak.Isolation;
            import dev.firebreak.retry.Jitter;
            import dev.firebreak.retry.Retry;
            import dev.firebreak.stream.StreamServer;
            import java.net.HttpURLConnection;
            import java.time.Duration;
            import java.util.concurrent.atomic.AtomicInteger;

            public final class Main {
                public static void main(String[] args) throws Exception {
                    try (GuardRegistry registry = GuardRegistry.builder().build()) {
                        Guard guard = registry.guard("consumer").isolation(Isolation.semaphore(4)).build();
                        String guarded = guard.execute(() -> "guarded", failure -> "fallback");
                        String fellBack = guard.execute(() -> { throw new IllegalStateException("down"); },
                                failure -> "fallback");
                        AtomicInteger attempts = new AtomicInteger();
                        Retry retry = Retry.named("consumer-retry").through(guard)
                                .configure(c -> c.maxAttempts(3).jitter(Jitter.NONE)
                                        .backoff(Duration.ofMillis(1), Duration.ofMillis(1), 1))
                                .build();
                        String retried = retry.execute(() -> {
                            if (attempts.incrementAndGet() < 2) {
                                throw new IllegalStateException("first attempt fails");
                            }
                            return "retried after " + (attempts.get() - 1);
                        });
                        int status;
                        try (StreamServer server = StreamServer.builder(registry).port(0).build().start()) {
                            HttpURLConnection dashboard = (HttpURLConnection) server.dashboardUri().toURL().openConnection();
                            status = dashboard.getResponseCode();
                            dashboard.getInputStream().readAllBytes();
                        }
                        System.out.println(guarded + ", " + fellBack + ", " + retried + ", dashboard " + status);
                    }
                    String module = Guard.class.getModule().getName();
                    System.out.println("core in " + (module == null ? "the unnamed module" : "module " + module));
                    // A public constructor of a public type in a package core does not export.
                    java.lang.reflect.Constructor<?> hidden = Class.forName(args[0]).getConstructors()[0];
                    System.out.println(args[0] + (hidden.canAccess(null) ? " reached" : " refused"));
                }
            }
            """;

    private static final String DESCRIPTOR = """
            module consumer {
                requires dev.firebreak.core;
                requires dev.firebreak.stream;
            }
            """;

    @TempDir
    Path work;

    @Test
    void aModuleUsesTheApiAndCannotReachWhatCoreDoesNotExport() throws Exception {
        consumerRuns(true, "core in module dev.firebreak.core", "refused");
    }

    @Test
    void theSameCodeRunsOnTheClassPath() throws Exception {
        // On the class path no module boundary stands: the same reflective call goes through.
        consumerRuns(false, "core in the unnamed module", "reached");
    }

    private void consumerRuns(boolean modular, String where, String reflection) throws Exception {
        String hidden = oneTypeOfEachUnexportedPackage().getFirst();
        assertThat(compileAndRun(modular, hidden)).contains("guarded, fallback, retried after 1, dashboard 200")
                .contains(where).contains(hidden + " " + reflection);
    }

    /** Compiles the consumer against core and stream, as a module or on the class path, and runs it. */
    private String compileAndRun(boolean modular, String hidden) throws Exception {
        String libraries = core() + java.io.File.pathSeparator + stream();
        String option = modular ? "--module-path" : "-cp";
        Path src = write(work.resolve(modular ? "modular" : "plain"), MAIN, modular ? DESCRIPTOR : null);
        Path out = work.resolve(modular ? "modular-out" : "plain-out");

        assertThat(compile(List.of(option, libraries, "-d", out.toString()), sources(src)))
                .as("the consumer compiles").isEmpty();
        String runPath = libraries + java.io.File.pathSeparator + out;
        return run(modular ? List.of(option, runPath, "-m", "consumer/consumer.Main", hidden)
                : List.of(option, runPath, "consumer.Main", hidden));
    }

    @Test
    void aModuleCannotCompileAgainstAnUnexportedPackage() throws Exception {
        List<String> hidden = oneTypeOfEachUnexportedPackage();
        assertThat(hidden).as("core keeps some packages unexported").isNotEmpty();
        for (String type : hidden) {
            String use = "package consumer;\n\npublic final class Main {\n    Class<?> hidden = " + type + ".class;\n}\n";
            String modulePath = core() + java.io.File.pathSeparator + stream();

            Path modular = write(work.resolve("hidden-modular"), use, DESCRIPTOR);
            String errors = compile(List.of("--module-path", modulePath, "-d", work.resolve("x").toString()),
                    sources(modular));
            String pkg = type.substring(0, type.lastIndexOf('.'));
            assertThat(errors).as(type + " from a module").contains("package " + pkg + " is not visible")
                    .contains("does not export it");

            // The control: the same source compiles on the class path, so the error above is the boundary.
            Path plain = write(work.resolve("hidden-plain"), use, null);
            assertThat(compile(List.of("-cp", modulePath, "-d", work.resolve("y").toString()), sources(plain)))
                    .as(type + " from the class path").isEmpty();
        }
    }

    /** A public top-level type of every package that dev.firebreak.core holds but does not export. */
    private static List<String> oneTypeOfEachUnexportedPackage() throws Exception {
        ModuleDescriptor core = ModuleFinder.of(core()).find("dev.firebreak.core").orElseThrow().descriptor();
        Set<String> hidden = new TreeSet<>(core.packages());
        core.exports().forEach(e -> hidden.remove(e.source()));
        List<String> types = new ArrayList<>();
        for (String pkg : hidden) {
            String type = firstPublicType(pkg);
            assertThat(type).as("a public type in " + pkg).isNotNull();
            types.add(type);
        }
        return types;
    }

    private static String firstPublicType(String pkg) throws Exception {
        for (String name : classFiles(pkg)) {
            if (!name.contains("$") && !name.equals("package-info.class")) {
                String type = pkg + "." + name.substring(0, name.length() - ".class".length());
                if (java.lang.reflect.Modifier.isPublic(Class.forName(type).getModifiers())) {
                    return type;
                }
            }
        }
        return null;
    }

    /** The names of the class files directly in {@code pkg}, from core's classes folder or jar. */
    private static List<String> classFiles(String pkg) throws Exception {
        String folder = pkg.replace('.', '/') + "/";
        Path dir = core().resolve(folder);
        if (Files.isDirectory(dir)) {
            try (Stream<Path> files = Files.list(dir)) {
                return files.map(f -> f.getFileName().toString()).filter(n -> n.endsWith(".class")).sorted().toList();
            }
        }
        try (java.util.jar.JarFile jar = new java.util.jar.JarFile(core().toFile())) {
            return jar.stream().map(java.util.zip.ZipEntry::getName)
                    .filter(n -> n.startsWith(folder) && n.endsWith(".class") && n.indexOf('/', folder.length()) < 0)
                    .map(n -> n.substring(folder.length())).sorted().toList();
        }
    }

    private static Path core() throws URISyntaxException {
        return Path.of(Guard.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    }

    private static Path stream() throws URISyntaxException {
        return Path.of(StreamServer.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    }

    private static Path write(Path root, String main, String descriptor) throws IOException {
        Path pkg = Files.createDirectories(root.resolve("consumer"));
        Files.writeString(pkg.resolve("Main.java"), main);
        if (descriptor != null) {
            Files.writeString(root.resolve("module-info.java"), descriptor);
        }
        return root;
    }

    private static List<String> sources(Path root) throws IOException {
        try (Stream<Path> files = Files.walk(root)) {
            return files.filter(f -> f.toString().endsWith(".java")).map(Path::toString).toList();
        }
    }

    /** Compiles, returning javac's errors; empty when it compiled. */
    private static String compile(List<String> options, List<String> files) {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        ByteArrayOutputStream errors = new ByteArrayOutputStream();
        List<String> args = new ArrayList<>(options);
        if (!options.contains("-cp")) {
            // In process, javac's default class path is this test's, which holds all of core.
            args.addAll(List.of("-cp", ""));
        }
        args.addAll(files);
        int status = javac.run(null, null, errors, args.toArray(String[]::new));
        return status == 0 ? "" : errors.toString(StandardCharsets.UTF_8);
    }

    private static String run(List<String> args) throws Exception {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(args);
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        // A bound against a hung child, not a timing: the child exits as soon as main returns.
        assertThat(process.waitFor(2, TimeUnit.MINUTES)).as("the consumer exits").isTrue();
        assertThat(process.exitValue()).as("the consumer's exit status; its output:\n" + output).isZero();
        return output;
    }
}
