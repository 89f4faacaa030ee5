package dev.firebreak.live;

import java.io.IOException;
import java.io.StringReader;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Properties;

/**
 * A {@code .properties} file (UTF-8, {@link Properties} syntax), read again on every refresh, so an
 * edit applies at the polls of the {@link DynamicConfiguration} that holds it.
 *
 * <p>A file may be read while it is being rewritten in place (editors, {@code sed -i}, configuration
 * tools): {@link #mayBeReadMidEdit()} is true, so a changed file applies only once two reads a poll
 * apart find the same properties, and a file that suddenly lost most of its keys (or all of them) is
 * held and reported as SOURCE_SUSPECT until it has stayed the same for three polls (the rule is
 * {@link SettlingSnapshot}'s; docs/configuration.md spells it out). The first read, when the
 * configuration starts, applies at once.
 *
 * <p>A missing file contributes nothing (SOURCE_MISSING; a file deleted after it was read keeps its
 * last properties in force). A file that cannot be read or parsed (unreadable, malformed {@code \\u}
 * escape, bytes that are not UTF-8) changes nothing: {@link #read()} throws, the previous snapshot stays
 * in force and SOURCE_FAILED says why. Replacing the file atomically (write a temporary file, then
 * rename it over the old one) is still the best way to edit it.
 */
public final class PropertiesFileSource implements PropertySource {

    private final Path path;

    private PropertiesFileSource(Path path) {
        this.path = Objects.requireNonNull(path, "path");
    }

    /** The file at {@code path}; it need not exist yet. */
    public static PropertiesFileSource of(Path path) {
        return new PropertiesFileSource(path);
    }

    /** The file's path. */
    public Path path() {
        return path;
    }

    @Override
    public String name() {
        return path.toString();
    }

    /** True: a poll may catch the file half written, so a changed file applies once it is stable. */
    @Override
    public boolean mayBeReadMidEdit() {
        return true;
    }

    /** {@inheritDoc} A missing file throws {@link java.nio.file.NoSuchFileException}. */
    @Override
    public Map<String, String> read() throws IOException {
        byte[] bytes = Files.readAllBytes(path);
        String text;
        try {
            text = StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes))
                    .toString();
        } catch (CharacterCodingException notUtf8) {
            throw new IOException(path + " is not valid UTF-8", notUtf8);
        }
        Properties properties = new Properties();
        try {
            properties.load(new StringReader(text));
        } catch (IllegalArgumentException malformed) {
            throw new IOException(path + " cannot be parsed: " + malformed.getMessage(), malformed);
        }
        Map<String, String> snapshot = new HashMap<>();
        for (String key : properties.stringPropertyNames()) {
            snapshot.put(key, properties.getProperty(key));
        }
        return snapshot;
    }

    @Override
    public String toString() {
        return "PropertiesFileSource[" + path + "]";
    }
}
