package dev.firebreak.release;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/** The checksums Maven Central asks for beside every file: MD5 and SHA-1, as lowercase hex. */
final class Checksums {
    private Checksums() {}

    static String md5(Path file) throws IOException { return digest("MD5", Files.readAllBytes(file)); }

    static String sha1(Path file) throws IOException { return digest("SHA-1", Files.readAllBytes(file)); }

    static String sha256(byte[] bytes) { return digest("SHA-256", bytes); }

    static String digest(String algorithm, byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance(algorithm).digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JDK lacks " + algorithm, e);
        }
    }

    /** The checksum recorded in a .md5 or .sha1 file: its first word (some tools append the file's name). */
    static String recorded(Path checksumFile) throws IOException {
        String content = Files.readString(checksumFile).strip();
        int space = content.indexOf(' ');
        return (space < 0 ? content : content.substring(0, space)).toLowerCase(java.util.Locale.ROOT);
    }
}
