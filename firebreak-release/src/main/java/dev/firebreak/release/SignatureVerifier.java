package dev.firebreak.release;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;

/** Checks a detached signature (a .asc file) against the file it signs. */
interface SignatureVerifier {
    /** Empty when the signature is good; else why it is not. */
    Optional<String> verify(Path file, Path signature) throws IOException;
}
