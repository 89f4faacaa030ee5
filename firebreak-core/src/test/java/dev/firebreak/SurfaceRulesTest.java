package dev.firebreak;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** Small rooms: Guard keeps a small public surface, and no main file of any module grows past 400 lines. */
class SurfaceRulesTest {

    @Test
    void guardKeepsOnlyItsExecutionMethodsItsNameAndItsControls() {
        List<String> instanceMethods = Arrays.stream(Guard.class.getDeclaredMethods())
                .filter(m -> Modifier.isPublic(m.getModifiers()) && !Modifier.isStatic(m.getModifiers()))
                .map(Method::getName)
                .filter(name -> !name.equals("toString"))
                .sorted()
                .toList();
        assertThat(instanceMethods).containsExactly("cached", "controls", "execute", "execute", "name", "submit", "submit",
                "submitAsync", "submitAsync");
    }

    /** Accounting that only the pipeline may do: taking or giving permits, recording calls. */
    private static final java.util.Set<String> ACCOUNTING = java.util.Set.of("record", "enter", "exit", "admit",
            "release", "tryAdmit", "tryAcquire", "onOutcome", "executionStarted", "executionEnded");

    @Test
    void nothingReachableFromThePolicyTakesPermitsOrRecordsCalls() {
        List<String> reachable = new java.util.ArrayList<>();
        for (Method accessor : GuardControls.class.getMethods()) {
            if (accessor.getDeclaringClass() == Object.class) {
                continue;
            }
            Class<?> type = accessor.getReturnType();
            for (Method m : type.getMethods()) {
                if (ACCOUNTING.contains(m.getName())) {
                    reachable.add("controls()." + accessor.getName() + "()." + m.getName() + " (" + type.getName() + ")");
                }
            }
        }
        for (Method m : GuardControls.class.getMethods()) {
            if (ACCOUNTING.contains(m.getName())) {
                reachable.add("controls()." + m.getName());
            }
        }
        assertThat(reachable).isEmpty();
    }

    @Test
    void theRuleAboveSeesAccountingWhereItIs() {
        // the test would pass vacuously if it could not see such methods: the pipeline's own types have them
        assertThat(Arrays.stream(dev.firebreak.isolation.Isolator.class.getMethods()).map(Method::getName))
                .contains("enter", "exit", "tryAdmit", "release");
        assertThat(Arrays.stream(dev.firebreak.metrics.MetricsRecorder.class.getMethods()).map(Method::getName))
                .contains("record");
    }

    @Test
    void noMainFileIsLongerThan400Lines() throws IOException {
        Path root = Path.of("").toAbsolutePath().getParent(); // the repository, from firebreak-core/
        List<String> tooLong;
        try (Stream<Path> files = Files.walk(root)) {
            tooLong = files
                    .filter(p -> p.toString().endsWith(".java") && p.toString().contains("/src/main/java/"))
                    .filter(p -> lines(p) > 400)
                    .map(p -> root.relativize(p) + " (" + lines(p) + " lines)")
                    .toList();
        }
        assertThat(tooLong).isEmpty();
    }

    private static long lines(Path path) {
        try (Stream<String> lines = Files.lines(path)) {
            return lines.count();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
