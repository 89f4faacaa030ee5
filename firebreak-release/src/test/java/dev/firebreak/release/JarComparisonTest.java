package dev.firebreak.release;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Two builds compared jar by jar: a difference names the jar and the entry. */
class JarComparisonTest {
    private static final long FIXED = 1_795_000_000_000L;

    @TempDir Path dir;

    private Path jar(String build, String name, long time, Map<String, String> entries) throws IOException {
        Path jar = dir.resolve(build).resolve("firebreak-core/target").resolve(name);
        Files.createDirectories(jar.getParent());
        try (OutputStream out = Files.newOutputStream(jar); ZipOutputStream zip = new ZipOutputStream(out)) {
            for (var e : entries.entrySet()) {
                ZipEntry entry = new ZipEntry(e.getKey());
                entry.setTime(time);
                zip.putNextEntry(entry);
                zip.write(e.getValue().getBytes());
                zip.closeEntry();
            }
        }
        return jar;
    }

    @Test
    void twoIdenticalBuildsPass() throws IOException {
        jar("a", "firebreak-core-0.3.0.jar", FIXED, Map.of("dev/firebreak/Guard.class", "x"));
        jar("b", "firebreak-core-0.3.0.jar", FIXED, Map.of("dev/firebreak/Guard.class", "x"));

        assertThat(JarComparison.compareBuilds(dir.resolve("a"), dir.resolve("b"))).isEmpty();
    }

    @Test
    void aTimestampLeftOutShowsAsEntriesCarryingEachBuildsClock() throws IOException {
        jar("a", "firebreak-core-0.3.0.jar", FIXED, Map.of("dev/firebreak/Guard.class", "x"));
        jar("b", "firebreak-core-0.3.0.jar", FIXED + 60_000, Map.of("dev/firebreak/Guard.class", "x"));

        assertThat(JarComparison.compareBuilds(dir.resolve("a"), dir.resolve("b"))).singleElement().asString()
                .startsWith("firebreak-core/target/firebreak-core-0.3.0.jar: entry dev/firebreak/Guard.class: modified time differs")
                .endsWith("is project.build.outputTimestamp set?");
    }

    @Test
    void aDifferentClassFileIsNamed() throws IOException {
        jar("a", "firebreak-core-0.3.0-sources.jar", FIXED, Map.of("A.java", "a"));
        jar("b", "firebreak-core-0.3.0-sources.jar", FIXED, Map.of("A.java", "b"));

        assertThat(JarComparison.compareBuilds(dir.resolve("a"), dir.resolve("b"))).containsExactly(
                "firebreak-core/target/firebreak-core-0.3.0-sources.jar: entry A.java: content differs");
    }

    @Test
    void aJarBuiltOnlyOnceFails() throws IOException {
        jar("a", "firebreak-core-0.3.0.jar", FIXED, Map.of("A.class", "a"));
        jar("a", "firebreak-core-0.3.0-javadoc.jar", FIXED, Map.of("index.html", "a"));
        jar("b", "firebreak-core-0.3.0.jar", FIXED, Map.of("A.class", "a"));

        assertThat(JarComparison.compareBuilds(dir.resolve("a"), dir.resolve("b"))).containsExactly(
                "firebreak-core/target/firebreak-core-0.3.0-javadoc.jar: only in the first build");
    }

    @Test
    void anEmptyBuildIsNotAPass() throws IOException {
        Files.createDirectories(dir.resolve("a"));
        Files.createDirectories(dir.resolve("b"));

        assertThat(JarComparison.compareBuilds(dir.resolve("a"), dir.resolve("b"))).singleElement().asString()
                .endsWith("holds no built jars (module/target/*.jar)");
    }
}
