package dev.firebreak.live;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.GuardConfig;
import dev.firebreak.collapse.CollapserConfig;
import dev.firebreak.config.ConfigScope;
import dev.firebreak.config.PropertyDefinition;
import dev.firebreak.isolation.ThreadPoolConfig;
import java.io.IOException;
import java.lang.reflect.RecordComponent;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Keeps three things in step: the property tables (PropertyDefinition), the config records' components,
 * and the reference in docs/configuration.md.
 */
class PropertyTableTest {

    private static final Path DOC = Path.of("..", "docs", "configuration.md");

    @Test
    void everyRecordComponentHasExactlyOnePropertyWhoseGetterAndSetterUseIt() throws Exception {
        for (ConfigScope<?, ?> scope : Scopes.all()) {
            List<String> components = leafComponents(scope.recordType(), "");
            assertThat(scope.properties()).extracting(PropertyDefinition::component)
                    .as(scope.segment()).containsExactlyInAnyOrderElementsOf(components);

            for (PropertyDefinition<?, ?> p : scope.properties()) {
                Object defaults = scope.defaults();
                assertThat(Harness.get(p, defaults)).isEqualTo(read(defaults, p.component()));
                for (Object sample : Harness.samples(scope, p)) {
                    Object built = buildWith(scope, p, sample);
                    assertThat(read(built, p.component())).as("%s set %s", p, sample).isEqualTo(sample);
                    assertThat(Harness.get(p, built)).isEqualTo(sample);
                    for (PropertyDefinition<?, ?> other : scope.properties()) {
                        if (other != p) {
                            assertThat(Harness.get(other, built)).as("%s leaves %s alone", p, other)
                                    .isEqualTo(Harness.get(other, defaults));
                        }
                    }
                }
            }
        }
    }

    /** A record's components, a component that is itself a record (a policy's part) by its own, as {@code part.name}. */
    private static List<String> leafComponents(Class<?> recordType, String prefix) {
        List<String> names = new ArrayList<>();
        for (RecordComponent c : recordType.getRecordComponents()) {
            if (c.getName().equals("setInCode")) {
                continue;
            }
            if (c.getType().isRecord()) {
                names.addAll(leafComponents(c.getType(), prefix + c.getName() + "."));
            } else {
                names.add(prefix + c.getName());
            }
        }
        return names;
    }

    /** The value at a dotted component path of a record. */
    private static Object read(Object record, String path) throws Exception {
        Object value = record;
        for (String name : path.split("\\.")) {
            RecordComponent component = Arrays.stream(value.getClass().getRecordComponents())
                    .filter(c -> c.getName().equals(name)).findFirst().orElseThrow();
            value = component.getAccessor().invoke(value);
        }
        return value;
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static Object buildWith(ConfigScope<?, ?> scope, PropertyDefinition<?, ?> p, Object value) {
        return ((ConfigScope) scope).build(Map.of(p, value), Set.of());
    }

    @Test
    void theBuildersSetInCodeNamesAreThePropertyNames() {
        for (ConfigScope<?, ?> scope : Scopes.all()) {
            for (PropertyDefinition<?, ?> p : scope.properties()) {
                Object sample = Harness.samples(scope, p).get(0);
                Object viaBuilderSetter = buildWithMarking(scope, p, sample);
                assertThat(setInCode(scope, viaBuilderSetter)).as(p.name()).containsExactly(p.name());
            }
        }
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static Object buildWithMarking(ConfigScope<?, ?> scope, PropertyDefinition<?, ?> p, Object value) {
        // a fresh builder: the definition's setter is the builder's own setter, which marks the property
        Object builder = switch (scope.segment()) {
            case "command" -> dev.firebreak.GuardConfig.builder();
            case "threadpool" -> dev.firebreak.isolation.ThreadPoolConfig.builder();
            case "retry" -> dev.firebreak.retry.RetryConfig.builder();
            case "hedge" -> dev.firebreak.hedge.HedgeConfig.builder();
            default -> dev.firebreak.collapse.CollapserConfig.builder();
        };
        ((PropertyDefinition) p).set(builder, value);
        return switch (builder) {
            case dev.firebreak.GuardConfig.Builder b -> b.build();
            case dev.firebreak.isolation.ThreadPoolConfig.Builder b -> b.build();
            case dev.firebreak.collapse.CollapserConfig.Builder b -> b.build();
            case dev.firebreak.retry.RetryConfig.Builder b -> b.build();
            case dev.firebreak.hedge.HedgeConfig.Builder b -> b.build();
            default -> throw new IllegalStateException();
        };
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static Set<String> setInCode(ConfigScope<?, ?> scope, Object config) {
        return ((ConfigScope) scope).setInCode(config);
    }

    @Test
    void noPropertyNameEndsWithAnotherSoDottedInstanceNamesParse() {
        for (ConfigScope<?, ?> scope : Scopes.all()) {
            for (PropertyDefinition<?, ?> a : scope.properties()) {
                for (PropertyDefinition<?, ?> b : scope.properties()) {
                    if (a != b) {
                        assertThat(a.name().endsWith("." + b.name())).as("%s ends with %s", a, b).isFalse();
                    }
                }
                for (String prefix : ConfigScope.FIREBREAK_AND_HYSTRIX) {
                    PropertyKey parsed = PropertyKey.parse(prefix + "." + scope.segment() + ".a.b.c." + a.name());
                    if (!scope.prefixes().contains(prefix)) {
                        assertThat(parsed).as("%s is not a prefix of %s", prefix, scope).isNull();
                        continue;
                    }
                    assertThat(parsed).isNotNull();
                    assertThat(parsed.instance()).isEqualTo("a.b.c");
                    assertThat(parsed.property()).isSameAs(a);
                    assertThat(parsed.prefix()).isEqualTo(prefix);
                }
            }
        }
        assertThat(Scopes.all()).filteredOn(s -> s.prefixes().equals(ConfigScope.FIREBREAK_ONLY))
                .extracting(ConfigScope::segment).containsExactly("retry", "hedge");
        assertThat(PropertyKey.parse("firebreak.command.fallback.enabled")).isNull(); // no instance
        assertThat(PropertyKey.parse("firebreakx.command.a.fallback.enabled")).isNull();
        assertThat(PropertyKey.parse("firebreak.command.a.fallback.enabledx")).isNull();
        assertThat(PropertyKey.underScope("firebreak.command.a.fallback.enabledx")).isTrue();
        assertThat(PropertyKey.underScope("hystrix.stream.maxConcurrentConnections")).isFalse();
    }

    @Test
    void theReferenceDocumentListsEveryPropertyAsTheTablesDefineIt() throws IOException {
        Map<String, List<List<String>>> documented = parseDoc(Files.readString(DOC));
        for (ConfigScope<?, ?> scope : Scopes.all()) {
            List<List<String>> expected = expectedRows(scope);
            assertThat(documented.get(scope.segment()))
                    .as("docs/configuration.md, table for firebreak.%s; expected rows:%n%s", scope.segment(),
                            expected.stream().map(r -> "| " + String.join(" | ", r) + " |")
                                    .collect(Collectors.joining("\n")))
                    .isEqualTo(expected);
        }
    }

    /** The rows the document must hold: property, default, live, Hystrix name, meaning. */
    static List<List<String>> expectedRows(ConfigScope<?, ?> scope) {
        List<List<String>> rows = new ArrayList<>();
        for (PropertyDefinition<?, ?> p : scope.properties()) {
            rows.add(List.of("`" + p.name() + "`",
                    defaultCell(Harness.text(p, Harness.get(p, scope.defaults()))),
                    p.live() ? "yes" : "no",
                    p.hystrixName() == null ? "Firebreak" : "`" + p.hystrixName() + "`",
                    p.meaning()));
        }
        return rows;
    }

    /** A default as the table shows it: in code quotes, or "none" for an empty one (no exception types, no name). */
    private static String defaultCell(String text) {
        return text.isEmpty() ? "none" : "`" + text + "`";
    }

    /** Table rows under each heading naming {@code firebreak.<segment>.}, by segment. */
    static Map<String, List<List<String>>> parseDoc(String markdown) {
        Map<String, List<List<String>>> tables = new LinkedHashMap<>();
        String segment = null;
        for (String line : markdown.split("\n")) {
            if (line.startsWith("#")) {
                segment = null;
                for (ConfigScope<?, ?> scope : Scopes.all()) {
                    if (line.contains("firebreak." + scope.segment() + ".")) {
                        segment = scope.segment();
                    }
                }
            } else if (segment != null && line.startsWith("| `")) {
                String inner = line.strip();
                inner = inner.substring(1, inner.length() - 1);
                List<String> cells = Arrays.stream(inner.split(" \\| ", -1)).map(String::strip).toList();
                tables.computeIfAbsent(segment, s -> new ArrayList<>()).add(cells);
            }
        }
        return tables;
    }
}
