package dev.firebreak.config.live;

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
 * edit applies at the next poll of the {@link DynamicConfiguration} that holds it.
 *
 * <p>A file that cannot be read (missing, unreadable) or parsed (malformed {@code \\u} escape, bytes
 * that are not UTF-8) changes nothing: {@link #read()} throws and the previous snapshot stays in force.
 * Replace the file atomically (write a temporary file, then rename it over the old one) so a poll
 * never sees it half written.
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
