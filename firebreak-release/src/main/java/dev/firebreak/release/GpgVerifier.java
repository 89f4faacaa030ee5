package dev.firebreak.release;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/** Verifies signatures with gpg against the keys of one gpg home (never the user's own, unless told). */
final class GpgVerifier implements SignatureVerifier {
    private final String gpg;
    private final Path home;

    GpgVerifier(String gpg, Path home) {
        this.gpg = gpg;
        this.home = home;
    }

    @Override
    public Optional<String> verify(Path file, Path signature) throws IOException {
        Process process = new ProcessBuilder(List.of(gpg, "--homedir", home.toString(), "--batch", "--no-tty",
                "--status-fd", "1", "--verify", signature.toString(), file.toString()))
                .redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        try {
            int exit = process.waitFor();
            // GOODSIG alone is not enough (an expired or revoked key still says it): VALIDSIG and exit 0 are.
            if (exit == 0 && output.contains("[GNUPG:] VALIDSIG")) return Optional.empty();
            String reason = "gpg exit " + exit;
            for (String status : List.of("BADSIG", "NO_PUBKEY", "EXPKEYSIG", "REVKEYSIG", "ERRSIG", "NODATA")) {
                var line = output.lines().filter(l -> l.startsWith("[GNUPG:] " + status)).findFirst();
                if (line.isPresent()) {
                    reason = line.get().substring("[GNUPG:] ".length());
                    break;
                }
            }
            return Optional.of("signature does not verify (" + reason + ")");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while gpg verified " + signature, e);
        }
    }
}
