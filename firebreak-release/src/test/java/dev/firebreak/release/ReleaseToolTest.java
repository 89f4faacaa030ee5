package dev.firebreak.release;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The command line the dry run calls: exit 0 when good, 1 naming each problem, 2 on wrong usage. */
class ReleaseToolTest {
    @TempDir Path dir;
    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();

    private int run(String... args) throws IOException {
        return ReleaseTool.run(args, new PrintStream(bytes, true, StandardCharsets.UTF_8));
    }

    private String output() {
        return bytes.toString(StandardCharsets.UTF_8);
    }

    @Test
    void wrongUsageExitsTwoNamingWhatIsWrong() throws IOException {
        assertThat(run("publish")).isEqualTo(2);
        assertThat(output()).startsWith("release tool: unknown command 'publish'");

        bytes.reset();
        assertThat(run("check-bundle", dir.toString(), "--expect", "firebreak-core", "--gpg-home", dir.toString())).isEqualTo(2);
        assertThat(output()).startsWith("release tool: missing option --group");

        bytes.reset();
        assertThat(run("check-api", "a", "b", "--modules", "firebreak-core", "--from", "0.2.0", "--to", "0.3", "--reports", "r"))
                .isEqualTo(2);
        assertThat(output()).startsWith("release tool: --to = '0.3': a release version is MAJOR.MINOR.PATCH");
    }

    @Test
    void aBundleThatBreaksARuleExitsOneWithOneLinePerProblem() throws IOException {
        TestBundle bundle = new TestBundle(dir.resolve("staging"));
        Files.delete(bundle.path("firebreak-core", ".jar.md5"));

        // the real gpg verifier finds the test signatures bad as well: every problem is its own FAIL line
        assertThat(run("check-bundle", bundle.root.toString(), "--group", "dev.firebreak", "--expect", "firebreak-core",
                "--gpg-home", dir.resolve("no-keys").toString())).isEqualTo(1);
        assertThat(output().lines()).allSatisfy(l -> assertThat(l).startsWith("FAIL "))
                .contains("FAIL dev/firebreak/firebreak-core/0.3.0/firebreak-core-0.3.0.jar: no checksum (firebreak-core-0.3.0.jar.md5)");
    }

    @Test
    void aModuleWithoutItsJarFailsTheApiCheck() throws IOException {
        Files.createDirectories(dir.resolve("baseline"));
        Files.createDirectories(dir.resolve("release"));

        assertThat(run("check-api", dir.resolve("baseline").toString(), dir.resolve("release").toString(), "--modules",
                "firebreak-core", "--from", "0.2.0", "--to", "0.2.1", "--reports", dir.resolve("r").toString())).isEqualTo(1);
        assertThat(output()).contains("FAIL firebreak-core: no jar at ");
    }
}
