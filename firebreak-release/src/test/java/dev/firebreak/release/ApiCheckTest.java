package dev.firebreak.release;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** API compatibility on two small jars the test compiles itself. */
class ApiCheckTest {
    private static final String BEFORE = """
            package demo;
            public class Widget {
                public int size() { return 1; }
                public String name() { return "w"; }
                int internal() { return 0; }
            }""";
    private static final String SIZE_REMOVED = """
            package demo;
            public class Widget {
                public String name() { return "w"; }
            }""";
    private static final String COLOUR_ADDED = """
            package demo;
            public class Widget {
                public int size() { return 1; }
                public String name() { return "w"; }
                public String colour() { return "red"; }
            }""";

    @TempDir Path dir;

    private Path jar(String name, String source) throws IOException {
        Path src = Files.createDirectories(dir.resolve(name + "-src/demo")).resolve("Widget.java");
        Files.writeString(src, source);
        Path classes = Files.createDirectories(dir.resolve(name + "-classes"));
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        assertThat(javac.run(null, null, null, "-d", classes.toString(), src.toString())).isZero();
        Path jar = dir.resolve(name + ".jar");
        try (OutputStream out = Files.newOutputStream(jar); JarOutputStream zip = new JarOutputStream(out);
             Stream<Path> files = Files.walk(classes)) {
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                zip.putNextEntry(new JarEntry(classes.relativize(f).toString()));
                zip.write(Files.readAllBytes(f));
                zip.closeEntry();
            }
        }
        return jar;
    }

    private ApiCheck.Result compare(String newSource, String from, String to) throws IOException {
        return ApiCheck.compare("firebreak-core", jar("old", BEFORE), List.of(), ReleaseVersion.parse("from", from),
                jar("new", newSource), List.of(), ReleaseVersion.parse("to", to));
    }

    @Test
    void aRemovedPublicMethodFailsAPatchRelease() throws IOException {
        ApiCheck.Result result = compare(SIZE_REMOVED, "0.2.0", "0.2.1");

        assertThat(result.refused()).containsExactly(
                "firebreak-core: demo.Widget: REMOVED method size() [METHOD_REMOVED] BREAKING");
    }

    @Test
    void whileZeroDotXANewMinorVersionMayBreakButTheReportStillListsTheChange() throws IOException {
        ApiCheck.Result result = compare(SIZE_REMOVED, "0.2.0", "0.3.0");

        assertThat(result.refused()).isEmpty();
        assertThat(result.changes()).containsExactly("MODIFIED type demo.Widget", "  REMOVED method size() [METHOD_REMOVED] BREAKING");
        assertThat(result.report(ReleaseVersion.parse("from", "0.2.0"), ReleaseVersion.parse("to", "0.3.0")))
                .startsWith("# firebreak-core: 0.2.0 -> 0.3.0\n").contains("REMOVED method size()");
    }

    @Test
    void fromOneDotXOnlyANewMajorVersionMayBreak() throws IOException {
        assertThat(compare(SIZE_REMOVED, "1.4.0", "1.5.0").refused()).hasSize(1);
        assertThat(compare(SIZE_REMOVED, "1.4.0", "2.0.0").refused()).isEmpty();
    }

    @Test
    void anAddedMethodIsListedAndAllowedInAPatchRelease() throws IOException {
        ApiCheck.Result result = compare(COLOUR_ADDED, "0.2.0", "0.2.1");

        assertThat(result.refused()).isEmpty();
        assertThat(result.changes()).containsExactly("MODIFIED type demo.Widget", "  NEW method colour() [METHOD_ADDED_TO_PUBLIC_CLASS]");
    }

    /** A patch release (0.2.0 to 0.2.1) of {@code module}: {@code before}'s jar against one built from {@code after}. */
    private ApiCheck.Result patch(String module, Path before, String name, String after) throws IOException {
        return ApiCheck.compare(module, before, List.of(), ReleaseVersion.parse("from", "0.2.0"), jar(name, after),
                List.of(), ReleaseVersion.parse("to", "0.2.1"));
    }

    private static final String ANNOTATION = """
            package demo;
            public @interface Widget {
                String name() default "w";
            }""";

    @Test
    void anAnnotationElementWithADefaultIsCompatibleAndOneWithoutIsNot() throws IOException {
        Path before = jar("annotation-old", ANNOTATION);
        ApiCheck.Result withDefault = patch("firebreak-spring-boot-starter", before, "annotation-default", ANNOTATION.replace(
                "String name() default \"w\";", "String name() default \"w\"; int size() default 1;"));
        ApiCheck.Result without = patch("firebreak-spring-boot-starter", before, "annotation-bare", ANNOTATION.replace(
                "String name() default \"w\";", "String name() default \"w\"; int size();"));

        assertThat(withDefault.refused()).isEmpty();
        assertThat(withDefault.changes()).contains("  NEW method size() (an annotation element with a default)");
        assertThat(without.refused()).singleElement().asString().contains("NEW method size()", "BREAKING");
    }

    private static final String INTERFACE = """
            package demo;
            public interface Widget {
                int size();
                String name();
            }""";

    @Test
    void anInterfaceMethodMadeDefaultIsListedAndAllowedButOneRemovedIsNot() throws IOException {
        Path before = jar("interface-old", INTERFACE);
        ApiCheck.Result madeDefault = patch("firebreak-hystrix", before, "interface-default",
                INTERFACE.replace("String name();", "default String name() { return \"w\"; }"));
        ApiCheck.Result removed = patch("firebreak-hystrix", before, "interface-removed", INTERFACE.replace("String name();", ""));

        assertThat(madeDefault.refused()).isEmpty();
        assertThat(madeDefault.changes()).anyMatch(line -> line.contains("name()") && line.contains("METHOD_ABSTRACT_NOW_DEFAULT")
                && !line.contains("BREAKING"));
        assertThat(removed.refused()).singleElement().asString().contains("name()", "BREAKING");
    }

    @Test
    void packagePrivateMembersAreNotApi() throws IOException {
        String internalGone = BEFORE.replace("int internal() { return 0; }", "");

        assertThat(compare(internalGone, "0.2.0", "0.2.1").changes()).isEmpty();
    }

    @Test
    void aVersionThatIsNotMajorMinorPatchIsRefusedNamingKeyValueAndRule() {
        assertThatThrownBy(() -> ReleaseVersion.parse("--to", "0.3.0-SNAPSHOT"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("--to = '0.3.0-SNAPSHOT': a release version is MAJOR.MINOR.PATCH (digits only, no -SNAPSHOT or qualifier)");
    }
}
