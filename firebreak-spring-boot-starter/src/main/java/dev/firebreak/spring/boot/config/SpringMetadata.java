package dev.firebreak.spring.boot.config;

import dev.firebreak.config.ConfigScope;
import dev.firebreak.config.PropertyDescription;
import dev.firebreak.config.ValueType;
import dev.firebreak.live.Scopes;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Spring Boot's configuration metadata ({@value #RESOURCE}) for every key the starter accepts, so an
 * IDE completes and documents them: each core scope's {@code default} section in each of its spellings
 * ({@code firebreak.command.default.*}, {@code hystrix.command.default.*}, ...) with its type, default,
 * description and allowed values, each scope's per-instance keys as a map, and the starter's own keys.
 * Everything comes from the core's property tables ({@link ConfigScope#describe()}) and
 * {@link StarterProperties}: nothing is written twice.
 */
// The build runs main at process-classes (the pom's exec-maven-plugin), writing the file into
// target/classes before the jar is packed; SpringMetadataTest checks the written file is what json() gives.
final class SpringMetadata {

    /** Where Spring Boot and the IDEs look for the metadata of a jar. */
    static final String RESOURCE = "META-INF/spring-configuration-metadata.json";

    private static final String STRING_MAP = "java.util.Map<java.lang.String,java.lang.String>";

    private SpringMetadata() {
    }

    /**
     * One property of the metadata.
     *
     * @param name the full key
     * @param type the Java type, as Spring's metadata names it
     * @param description what it does
     * @param defaultValue a JSON literal, or null for none
     * @param values the only values it takes, or empty
     */
    record Entry(String name, String type, String description, String defaultValue, List<String> values) {
    }

    /** Writes the metadata to the file {@code args[0]}. */
    public static void main(String[] args) throws IOException {
        if (args.length != 1) {
            throw new IllegalArgumentException("usage: SpringMetadata <output file>");
        }
        Path out = Path.of(args[0]);
        Files.createDirectories(out.toAbsolutePath().getParent());
        Files.writeString(out, json(), StandardCharsets.UTF_8);
    }

    /** Every entry, in a fixed order: the scopes as the core lists them, then the starter's own keys. */
    static List<Entry> entries() {
        List<Entry> entries = new ArrayList<>();
        for (ConfigScope<?, ?> scope : Scopes.all()) {
            String strongest = scope.prefixes().get(0);
            for (String prefix : scope.prefixes()) {
                String section = prefix + "." + scope.segment();
                entries.add(new Entry(section, STRING_MAP, "Per instance: " + section + ".<name>.<property> sets"
                        + " one of the properties of " + section + "." + ConfigScope.DEFAULT_INSTANCE
                        + ".* for the instance <name> alone, over the default section.", null, List.of()));
                for (PropertyDescription property : scope.describe()) {
                    entries.add(new Entry(section + "." + ConfigScope.DEFAULT_INSTANCE + "." + property.name(),
                            javaType(property.type()), description(property, prefix, strongest, scope.segment()),
                            literal(property), property.allowedValues()));
                }
            }
        }
        for (StarterProperties.Row row : StarterProperties.ROWS) {
            entries.add(new Entry(row.key(), row.type(), row.description(),
                    row.defaultValue() == null ? null : literal(row.defaultValue()), List.of()));
        }
        return entries;
    }

    private static String description(PropertyDescription property, String prefix, String strongest,
            String segment) {
        StringBuilder text = new StringBuilder();
        text.append(Character.toUpperCase(property.meaning().charAt(0))).append(property.meaning().substring(1));
        text.append(". Value: ").append(property.type().describe()).append('.');
        text.append(property.live() ? " Changes running instances."
                : " Fixed when an instance is created: a change applies to instances created afterwards.");
        text.append(" The default for every instance; ").append(prefix).append('.').append(segment)
                .append(".<name>.").append(property.name()).append(" sets one instance's.");
        if (!prefix.equals(strongest)) {
            String strong = strongest + "." + segment + "." + ConfigScope.DEFAULT_INSTANCE + "." + property.name();
            text.append(" Hystrix-style spelling of ").append(strong).append("; when both are set, ").append(strong)
                    .append(" wins.");
        }
        return text.toString();
    }

    /** The Java type an IDE offers for a value of {@code type}: a duration's keys take whole units. */
    private static String javaType(ValueType<?> type) {
        return switch (type) {
            case ValueType.IntegerType integer -> "java.lang.Integer";
            case ValueType.DurationType duration -> "java.lang.Integer";
            case ValueType.DecimalType decimal -> "java.lang.Double";
            case ValueType.BooleanType bool -> "java.lang.Boolean";
            case ValueType.EnumType<?> constants -> constants.type().getName();
            case ValueType.ThrowableTypes types -> "java.util.List<java.lang.Class<? extends java.lang.Throwable>>";
            case ValueType.PredicateNameType name -> "java.lang.String";
            case ValueType.NamesType names -> "java.util.List<java.lang.String>";
        };
    }

    /** The default as a JSON literal: numbers and booleans bare, enum constants and texts quoted. */
    private static String literal(PropertyDescription property) {
        return switch (property.type()) {
            case ValueType.IntegerType i -> property.defaultValue();
            case ValueType.DurationType d -> property.defaultValue();
            case ValueType.DecimalType d -> property.defaultValue();
            case ValueType.BooleanType b -> property.defaultValue().toLowerCase(Locale.ROOT);
            default -> quote(property.defaultValue());
        };
    }

    private static String literal(Object value) {
        return value instanceof Boolean || value instanceof Integer ? value.toString() : quote(value.toString());
    }

    /** The metadata as JSON, properties then hints, two spaces per level, a line per field. */
    static String json() {
        List<Entry> entries = entries();
        StringBuilder json = new StringBuilder("{\n  \"properties\": [");
        String separator = "\n";
        for (Entry entry : entries) {
            json.append(separator).append("    {\n");
            json.append("      \"name\": ").append(quote(entry.name())).append(",\n");
            json.append("      \"type\": ").append(quote(entry.type())).append(",\n");
            if (entry.defaultValue() != null) {
                json.append("      \"defaultValue\": ").append(entry.defaultValue()).append(",\n");
            }
            json.append("      \"description\": ").append(quote(entry.description())).append('\n');
            json.append("    }");
            separator = ",\n";
        }
        json.append("\n  ],\n  \"hints\": [");
        separator = "\n";
        for (Entry entry : entries) {
            if (entry.values().isEmpty()) {
                continue;
            }
            json.append(separator).append("    {\n      \"name\": ").append(quote(entry.name()))
                    .append(",\n      \"values\": [");
            String valueSeparator = "\n";
            for (String value : entry.values()) {
                json.append(valueSeparator).append("        {\n          \"value\": ").append(quote(value))
                        .append("\n        }");
                valueSeparator = ",\n";
            }
            json.append("\n      ]\n    }");
            separator = ",\n";
        }
        return json.append("\n  ]\n}\n").toString();
    }

    /** {@code text} as a JSON string. */
    static String quote(String text) {
        StringBuilder quoted = new StringBuilder(text.length() + 2).append('"');
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '"' -> quoted.append("\\\"");
                case '\\' -> quoted.append("\\\\");
                case '\n' -> quoted.append("\\n");
                case '\t' -> quoted.append("\\t");
                default -> {
                    if (c < 0x20) {
                        quoted.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
                    } else {
                        quoted.append(c);
                    }
                }
            }
        }
        return quoted.append('"').toString();
    }
}
