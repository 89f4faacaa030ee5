package dev.firebreak.release;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Real signatures with gpg (which the release needs anyway), in a throwaway gpg home: never the user's.
 * The key is generated here, unprotected, so nothing prompts.
 */
class GpgVerifierTest {
    @TempDir Path dir;
    private Path home;

    @BeforeEach
    void throwawayKey() throws Exception {
        home = Files.createDirectory(dir.resolve("g"), PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        gpg("--passphrase", "", "--quick-gen-key", "Firebreak test <test@firebreak.invalid>", "ed25519", "sign", "1d");
    }

    @AfterEach
    void stopAgent() throws Exception {
        new ProcessBuilder("gpgconf", "--homedir", home.toString(), "--kill", "gpg-agent").inheritIO().start().waitFor();
    }

    private void gpg(String... args) throws Exception {
        List<String> command = new java.util.ArrayList<>(List.of("gpg", "--homedir", home.toString(), "--batch", "--pinentry-mode", "loopback"));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes());
        assertThat(p.waitFor()).as(output).isZero();
    }

    @Test
    void aGoodSignatureVerifiesAndAChangedFileDoesNot() throws Exception {
        Path file = Files.writeString(dir.resolve("firebreak-core-0.3.0.pom"), "<project/>");
        Path asc = dir.resolve("firebreak-core-0.3.0.pom.asc");
        gpg("--armor", "--detach-sign", "--output", asc.toString(), file.toString());
        GpgVerifier verifier = new GpgVerifier("gpg", home);

        assertThat(verifier.verify(file, asc)).isEmpty();

        Files.writeString(file, "<project><changed/></project>");
        assertThat(verifier.verify(file, asc)).get().asString().startsWith("signature does not verify (BADSIG");
    }

    @Test
    void aSignatureByAnUnknownKeyDoesNotVerify() throws Exception {
        Path file = Files.writeString(dir.resolve("a.jar"), "jar");
        Path asc = dir.resolve("a.jar.asc");
        gpg("--armor", "--detach-sign", "--output", asc.toString(), file.toString());
        Path emptyHome = Files.createDirectory(dir.resolve("e"), PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));

        try {
            assertThat(new GpgVerifier("gpg", emptyHome).verify(file, asc)).get().asString().contains("NO_PUBKEY");
        } finally {
            new ProcessBuilder("gpgconf", "--homedir", emptyHome.toString(), "--kill", "gpg-agent").start().waitFor();
        }
    }

    @Test
    void aMissingFileDoesNotVerify() throws IOException {
        assertThat(new GpgVerifier("gpg", home).verify(dir.resolve("none"), dir.resolve("none.asc"))).isPresent();
    }
}
