package dev.firebreak.release;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

/**
 * A small staged bundle as the dry run stages one: a parent pom with Central's metadata, a BOM-like pom
 * and a jar module, each file signed and summed. Tests break one rule at a time on top of it.
 */
final class TestBundle {
    static final String VERSION = "0.3.0";
    static final String METADATA = """
              <url>https://firebreak.dev</url>
              <licenses><license><name>Apache License, Version 2.0</name></license></licenses>
              <developers><developer><id>firebreak</id><name>The maintainers</name></developer></developers>
              <scm><connection>scm:git:https://example.org/firebreak.git</connection><url>https://example.org/firebreak</url></scm>
            """;

    /** Test signatures: the .asc holds the file's SHA-256, so a changed file or a wrong .asc fails. */
    static final SignatureVerifier SIGNATURES = (file, signature) -> {
        String expected = "test-signature " + Checksums.sha256(Files.readAllBytes(file));
        return Files.readString(signature).equals(expected) ? Optional.empty() : Optional.of("signature does not verify (test signature)");
    };

    final Path root;

    TestBundle(Path root) throws IOException {
        this.root = root;
        parentPom(METADATA, "<properties><project.build.outputTimestamp>2026-11-28T00:00:00Z</project.build.outputTimestamp></properties>");
        modulePom("firebreak-core", "", "");
        jar("firebreak-core", "");
        jar("firebreak-core", "-sources");
        jar("firebreak-core", "-javadoc");
        file("firebreak-core", "-cyclonedx.json", "{\"bomFormat\":\"CycloneDX\"}");
    }

    Path dir(String artifactId) {
        return root.resolve("dev/firebreak").resolve(artifactId).resolve(VERSION);
    }

    Path path(String artifactId, String suffix) {
        return dir(artifactId).resolve(artifactId + "-" + VERSION + suffix);
    }

    void parentPom(String metadata, String properties) throws IOException {
        file("firebreak-parent", ".pom", """
                <project><modelVersion>4.0.0</modelVersion>
                  <groupId>dev.firebreak</groupId><artifactId>firebreak-parent</artifactId><version>%s</version>
                  <packaging>pom</packaging><name>Firebreak</name><description>Parent</description>
                  %s %s
                </project>""".formatted(VERSION, metadata, properties));
        file("firebreak-parent", "-cyclonedx.json", "{}");
    }

    void modulePom(String artifactId, String ownElements, String body) throws IOException {
        file(artifactId, ".pom", """
                <project><modelVersion>4.0.0</modelVersion>
                  <parent><groupId>dev.firebreak</groupId><artifactId>firebreak-parent</artifactId><version>%s</version></parent>
                  <artifactId>%s</artifactId><name>Firebreak %s</name>%s
                  %s
                </project>""".formatted(VERSION, artifactId, artifactId, ownElements, body));
    }

    void jar(String artifactId, String classifier) throws IOException {
        Path jar = path(artifactId, classifier + ".jar");
        Files.createDirectories(jar.getParent());
        try (OutputStream out = Files.newOutputStream(jar); ZipOutputStream zip = new ZipOutputStream(out)) {
            zip.putNextEntry(new ZipEntry("dev/firebreak/Guard" + classifier + ".class"));
            zip.write(new byte[] {(byte) 0xCA, (byte) 0xFE});
            zip.closeEntry();
        }
        signAndSum(jar);
    }

    void file(String artifactId, String suffix, String content) throws IOException {
        Path file = path(artifactId, suffix);
        Files.createDirectories(file.getParent());
        Files.writeString(file, content, StandardCharsets.UTF_8);
        signAndSum(file);
    }

    /** Writes .asc, .md5 and .sha1 beside the file (and sums for the .asc, as Maven's deploy does). */
    static void signAndSum(Path file) throws IOException {
        Path asc = file.resolveSibling(file.getFileName() + ".asc");
        Files.writeString(asc, "test-signature " + Checksums.sha256(Files.readAllBytes(file)));
        for (Path f : new Path[] {file, asc}) {
            Files.writeString(f.resolveSibling(f.getFileName() + ".md5"), Checksums.md5(f));
            Files.writeString(f.resolveSibling(f.getFileName() + ".sha1"), Checksums.sha1(f));
        }
    }
}
