import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.runner.Description;
import org.junit.runner.JUnitCore;
import org.junit.runner.Request;
import org.junit.runner.manipulation.Filter;
import org.junit.runner.notification.Failure;
import org.junit.runner.notification.RunListener;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

/*
 * The two halves of the hystrix-suite check, launched by the bash script beside this file as a
 * single-file program (java SuiteRunner.java ...). It is a tool of this repository, not a test: it never
 * runs in the build.
 *
 *   compile SRC_DIRS CLASSPATH OUT_ROOT FILE...
 *       compiles each test source FILE on its own (its helpers come in through the source path), into
 *       OUT_ROOT/<its class name>, and prints one line per file:
 *         COMPILED <class> yes <test classes, comma-separated or ->
 *         COMPILED <class> no <error count> <first error>
 *       A file compiles only if every helper it reaches compiles: the check asks "does this Hystrix test
 *       compile against the jar", and a helper that does not compile is part of the answer.
 *   run CLASS
 *       runs one JUnit 4 test class (the classpath is the JVM's own) and prints a line per test
 *       (PASS, FAIL, SKIP) and RESULT <class> <run> <passed> <failed> <ignored>. A test that runs longer
 *       than -Dsuite.testTimeoutSeconds (default 60) counts as failed; the class then goes on without
 *       it on a fresh thread (its stuck thread is abandoned), so one hang costs one test, not the class.
 *
 * Launch it with JUnit 4 on the classpath (java -cp ... SuiteRunner.java): it uses JUnit's runner API.
 */
public final class SuiteRunner {

    public static void main(String[] args) throws Exception {
        if (args.length >= 1 && args[0].equals("compile")) {
            compile(args);
        } else if (args.length == 2 && args[0].equals("run")) {
            run(args[1]);
        } else {
            System.err.println("usage: SuiteRunner compile SRC_DIRS CLASSPATH OUT_ROOT FILE... | run CLASS");
            System.exit(2);
        }
    }

    // ---------------------------------------------------------------- compile

    private static void compile(String[] args) throws Exception {
        String sourcePath = args[1];
        String classPath = args[2];
        Path outRoot = Path.of(args[3]);
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        Path srcRoot = Path.of(sourcePath.split(java.io.File.pathSeparator)[0]);
        for (int i = 4; i < args.length; i++) {
            Path file = Path.of(args[i]);
            String className = srcRoot.relativize(file).toString().replace(".java", "").replace('/', '.');
            Path out = outRoot.resolve(className);
            Files.createDirectories(out);
            DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
            boolean ok;
            try (StandardJavaFileManager files = javac.getStandardFileManager(diagnostics, Locale.ROOT, StandardCharsets.UTF_8)) {
                List<String> options = List.of("--release", "21", "-nowarn", "-Xlint:none", "-proc:none", "-implicit:class",
                        "-encoding", "UTF-8", "-sourcepath", sourcePath, "-classpath", classPath, "-d", out.toString());
                ok = javac.getTask(null, files, diagnostics, options, null, files.getJavaFileObjects(file)).call();
            }
            List<Diagnostic<? extends JavaFileObject>> errors = diagnostics.getDiagnostics().stream()
                    .filter(d -> d.getKind() == Diagnostic.Kind.ERROR).toList();
            Files.writeString(outRoot.resolve(className + ".errors.txt"), describe(errors));
            if (ok) {
                System.out.println("COMPILED " + className + " yes " + joinOrDash(testClasses(out, classPath, className)));
            } else {
                System.out.println("COMPILED " + className + " no " + errors.size() + " "
                        + (errors.isEmpty() ? "(no message)" : oneLine(errors.get(0))));
            }
        }
    }

    private static String describe(List<Diagnostic<? extends JavaFileObject>> errors) {
        StringBuilder text = new StringBuilder();
        for (Diagnostic<? extends JavaFileObject> e : errors) {
            text.append(oneLine(e)).append('\n');
        }
        return text.toString();
    }

    private static String oneLine(Diagnostic<? extends JavaFileObject> d) {
        String where = d.getSource() == null ? "?" : Path.of(d.getSource().toUri()).getFileName() + ":" + d.getLineNumber();
        return where + ": " + d.getMessage(Locale.ROOT).replace('\n', ' ').replaceAll("\\s+", " ");
    }

    private static String joinOrDash(List<String> names) {
        return names.isEmpty() ? "-" : String.join(",", names);
    }

    /**
     * The classes of one source file (the top-level class and its nested ones) that JUnit 4 would run:
     * public, concrete, with a public no-argument constructor and at least one @Test method of their own
     * or inherited.
     */
    private static List<String> testClasses(Path out, String classPath, String topLevel) throws Exception {
        List<URL> urls = new ArrayList<>();
        urls.add(out.toUri().toURL());
        for (String entry : classPath.split(java.io.File.pathSeparator)) {
            if (!entry.isEmpty()) {
                urls.add(Path.of(entry).toUri().toURL());
            }
        }
        List<String> found = new ArrayList<>();
        try (URLClassLoader loader = new URLClassLoader(urls.toArray(URL[]::new), ClassLoader.getPlatformClassLoader())) {
            @SuppressWarnings("unchecked")
            Class<? extends java.lang.annotation.Annotation> test =
                    (Class<? extends java.lang.annotation.Annotation>) loader.loadClass("org.junit.Test");
            String prefix = topLevel.replace('.', '/');
            List<String> candidates;
            try (Stream<Path> walk = Files.walk(out)) {
                candidates = walk.map(p -> out.relativize(p).toString())
                        .filter(p -> p.endsWith(".class") && (p.equals(prefix + ".class") || p.startsWith(prefix + "$")))
                        .map(p -> p.substring(0, p.length() - ".class".length()).replace('/', '.'))
                        .sorted().toList();
            }
            for (String name : candidates) {
                try {
                    Class<?> type = Class.forName(name, false, loader);
                    if (isRunnableTestClass(type, test)) {
                        found.add(name);
                    }
                } catch (LinkageError | ClassNotFoundException unloadable) {
                    // a class that cannot even be loaded is not a test class JUnit could find either
                }
            }
        }
        return found;
    }

    private static boolean isRunnableTestClass(Class<?> type, Class<? extends java.lang.annotation.Annotation> test) {
        int mods = type.getModifiers();
        if (!Modifier.isPublic(mods) || Modifier.isAbstract(mods) || type.isInterface()
                || (type.getEnclosingClass() != null && !Modifier.isStatic(mods))) {
            return false;
        }
        try {
            type.getConstructor();
        } catch (NoSuchMethodException e) {
            return false;
        }
        for (Method m : type.getMethods()) {
            if (m.isAnnotationPresent(test)) {
                return true;
            }
        }
        return false;
    }

    // ---------------------------------------------------------------- run

    private static void run(String className) throws Exception {
        long timeoutSeconds = Long.getLong("suite.testTimeoutSeconds", 60);
        Class<?> testClass = Class.forName(className, false, SuiteRunner.class.getClassLoader());
        Verdicts verdicts = new Verdicts();
        while (true) {
            Request request = Request.aClass(testClass);
            Set<String> skip = verdicts.decided();
            if (!skip.isEmpty()) {
                request = request.filterWith(new Excluding(skip));
            }
            Attempt attempt = verdicts.nextAttempt();
            JUnitCore core = new JUnitCore();
            core.addListener(attempt);
            Request chosen = request;
            Thread worker = new Thread(() -> {
                try {
                    core.run(chosen);
                } catch (Throwable t) {
                    System.out.println("ERROR " + className + " " + oneLine(t));
                }
            }, "suite-runner");
            worker.setDaemon(true);
            worker.start();
            boolean hung = false;
            while (worker.isAlive()) {
                worker.join(1000);
                if (verdicts.abandonIfOverdue(attempt, TimeUnit.SECONDS.toNanos(timeoutSeconds))) {
                    hung = true;
                    break;
                }
            }
            if (!hung) {
                break;
            }
        }
        int[] c = verdicts.counts();
        System.out.println("RESULT " + className + " " + c[0] + " " + c[1] + " " + c[2] + " " + c[3]);
        System.out.flush();
        Runtime.getRuntime().halt(0); // abandoned threads and non-daemon pools of the code under test must not keep the JVM
    }

    private static String oneLine(Throwable t) {
        String message = String.valueOf(t.getMessage()).replace('\n', ' ');
        if (message.length() > 300) {
            message = message.substring(0, 300) + "...";
        }
        return t.getClass().getName() + ": " + message;
    }

    /**
     * The verdict of each test of one class, across attempts: an attempt is one JUnit run of the class
     * (less the tests already decided); when a test hangs, its attempt is abandoned and whatever that
     * attempt's thread reports later is ignored.
     */
    static final class Verdicts {
        private final Set<String> decided = new HashSet<>();
        private int run;
        private int passed;
        private int failed;
        private int ignored;
        private Attempt live;

        synchronized Set<String> decided() {
            return new HashSet<>(decided);
        }

        synchronized Attempt nextAttempt() {
            live = new Attempt(this);
            return live;
        }

        synchronized int[] counts() {
            return new int[] {run, passed, failed, ignored};
        }

        synchronized boolean abandonIfOverdue(Attempt attempt, long limitNanos) {
            if (attempt != live || attempt.current == null || System.nanoTime() - attempt.startedAt <= limitNanos) {
                return false;
            }
            String name = attempt.current;
            live = null;
            decide(name, false, "did not finish within " + TimeUnit.NANOSECONDS.toSeconds(limitNanos) + " s (abandoned)");
            return true;
        }

        synchronized void started(Attempt from, String name) {
            if (from == live) {
                from.current = name;
                from.startedAt = System.nanoTime();
                from.failure = null;
            }
        }

        synchronized void failed(Attempt from, Description d, Throwable failure) {
            if (from != live) {
                return;
            }
            if (d.isTest()) {
                from.failure = oneLine(failure);
            } else {
                decide(d.getDisplayName(), false, oneLine(failure)); // @BeforeClass, an unrunnable class
            }
        }

        synchronized void finished(Attempt from, String name) {
            if (from == live) {
                from.current = null;
                decide(name, from.failure == null, from.failure);
            }
        }

        synchronized void skipped(Attempt from, String name) {
            if (from == live && decided.add(name)) {
                ignored++;
                System.out.println("SKIP " + name);
            }
        }

        private void decide(String name, boolean pass, String why) {
            if (!decided.add(name)) {
                return;
            }
            run++;
            if (pass) {
                passed++;
                System.out.println("PASS " + name);
            } else {
                failed++;
                System.out.println("FAIL " + name + ": " + why);
            }
        }
    }

    /** One JUnit run of the class, reporting to its {@link Verdicts}. */
    static final class Attempt extends RunListener {
        private final Verdicts verdicts;
        volatile String current;
        volatile long startedAt;
        volatile String failure;

        Attempt(Verdicts verdicts) {
            this.verdicts = verdicts;
        }

        @Override
        public void testStarted(Description d) {
            verdicts.started(this, d.getDisplayName());
        }

        @Override
        public void testFailure(Failure f) {
            verdicts.failed(this, f.getDescription(), f.getException());
        }

        @Override
        public void testAssumptionFailure(Failure f) {
            verdicts.failed(this, f.getDescription(), f.getException());
        }

        @Override
        public void testFinished(Description d) {
            verdicts.finished(this, d.getDisplayName());
        }

        @Override
        public void testIgnored(Description d) {
            verdicts.skipped(this, d.getDisplayName());
        }
    }

    /** Leaves out the tests that already have a verdict. */
    static final class Excluding extends Filter {
        private final Set<String> skip;

        Excluding(Set<String> skip) {
            this.skip = skip;
        }

        @Override
        public boolean shouldRun(Description d) {
            if (d.isTest()) {
                return !skip.contains(d.getDisplayName());
            }
            for (Description child : d.getChildren()) {
                if (shouldRun(child)) {
                    return true;
                }
            }
            return false;
        }

        @Override
        public String describe() {
            return "the tests without a verdict yet";
        }
    }
}
