package dev.firebreak.stream;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** Main code reads time only through the registry's ticker and scheduler and the injected Clock. */
class TimeSeamTest {

    @Test
    void mainCodeNeverReadsTheSystemClocks() throws IOException {
        Path main = Path.of("src/main/java");
        assertThat(main).isDirectory();
        List<Path> offenders;
        try (Stream<Path> files = Files.walk(main)) {
            offenders = files.filter(p -> p.toString().endsWith(".java")).filter(p -> {
                try {
                    String source = Files.readString(p);
                    return source.contains("System.currentTimeMillis") || source.contains("System.nanoTime")
                            || source.contains("Instant.now(") || source.contains("Thread.sleep");
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            }).toList();
        }
        assertThat(offenders).isEmpty();
    }
}
