package dev.firebreak.lab.experiment;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;

/** The folder of one run's outputs: {@code <root>/<yyyyMMdd-HHmmss>-<experiment>/}. */
public record RunFolder(Path path) {

    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss");

    /** Creates a fresh folder for {@code experiment} under {@code root} (suffixing -2, -3... if taken). */
    public static RunFolder create(Path root, Clock clock, String experiment) throws IOException {
        String base = LocalDateTime.now(clock).format(STAMP) + "-" + experiment;
        Files.createDirectories(root);
        Path candidate = root.resolve(base);
        for (int i = 2; Files.exists(candidate); i++) {
            candidate = root.resolve(base + "-" + i);
        }
        return new RunFolder(Files.createDirectories(candidate));
    }

    /** Writes {@code text} to the file {@code name} in this folder and returns its path. */
    public Path write(String name, String text) throws IOException {
        return Files.writeString(path.resolve(name), text, StandardCharsets.UTF_8);
    }
}
