package dev.firebreak.release;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

/**
 * The upload bundle Maven Central's publishing portal takes: a zip of the staged repository layout,
 * every file with its signature and checksums, without Maven's own maven-metadata files.
 */
final class BundleZip {
    private static final long FIXED_TIME = 315_532_800_000L + 86_400_000L; // 1980-01-02: the same bytes for the same files

    private BundleZip() {}

    /** Writes the bundle and returns how many files it holds. */
    static int write(Path staging, Path zip) throws IOException {
        List<Path> files;
        try (Stream<Path> walk = Files.walk(staging)) {
            files = walk.filter(Files::isRegularFile)
                    .filter(p -> !p.getFileName().toString().startsWith("maven-metadata"))
                    .sorted().toList();
        }
        if (files.isEmpty()) throw new IOException(staging + ": nothing staged, so no bundle to write");
        try (OutputStream out = Files.newOutputStream(zip); ZipOutputStream zipOut = new ZipOutputStream(out)) {
            for (Path file : files) {
                ZipEntry entry = new ZipEntry(staging.relativize(file).toString().replace(file.getFileSystem().getSeparator(), "/"));
                entry.setTime(FIXED_TIME);
                zipOut.putNextEntry(entry);
                Files.copy(file, zipOut);
                zipOut.closeEntry();
            }
        }
        return files.size();
    }
}
