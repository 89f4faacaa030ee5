package dev.firebreak;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The one time seam: no main code of any module reads the system clock except the time package's
 * {@code SystemTicker} (and the scheduler behind {@code Scheduler.system()}, which only waits).
 */
class TimeSeamTest {

    @Test
    void onlyTheTimePackageReadsTheSystemClock() throws IOException {
        Path root = Path.of("").toAbsolutePath().getParent(); // the repository, from firebreak-core/
        List<String> offenders;
        try (Stream<Path> files = Files.walk(root)) {
            offenders = files
                    .filter(p -> p.toString().endsWith(".java"))
                    .filter(p -> p.toString().contains("/src/main/java/"))
                    .filter(p -> !p.toString().contains("/src/main/java/dev/firebreak/time/"))
                    .filter(p -> readsTheSystemClock(read(p)))
                    .map(p -> root.relativize(p).toString())
                    .toList();
        }
        assertThat(offenders).as("main sources reading the system clock outside dev.firebreak.time").isEmpty();
        assertThat(root.resolve("firebreak-core/src/main/java/dev/firebreak/time/SystemTicker.java")).exists();
    }

    /** A call or a method reference ({@code System::nanoTime} passed as a clock is a read too). */
    private static boolean readsTheSystemClock(String source) {
        return source.contains("System.nanoTime") || source.contains("System.currentTimeMillis")
                || source.contains("System::nanoTime") || source.contains("System::currentTimeMillis");
    }

    private static String read(Path path) {
        try {
            return Files.readString(path);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
