package dev.firebreak;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The README's module table ("## Layout") names every module of the root pom's {@code <modules>}, so a
 * new module cannot land without a line saying what it holds. Maven runs this from firebreak-core's
 * folder, so the root is its parent.
 */
class ReadmeModulesTest {

    private static final Path ROOT = Path.of("..");
    private static final Pattern MODULE = Pattern.compile("<module>\\s*([^<\\s]+)\\s*</module>");
    private static final Pattern FIRST_CELL = Pattern.compile("^\\|\\s*`([^`]+)`\\s*\\|");

    @Test
    void everyModuleOfTheRootPomHasARowInTheReadmeLayoutTable() throws IOException {
        List<String> modules = modules(Files.readString(ROOT.resolve("pom.xml")));
        Set<String> rows = layoutRows(Files.readString(ROOT.resolve("README.md")));

        // guards the test itself: a pom read wrong or a table not found would make it pass on nothing
        assertThat(modules).as("modules in ../pom.xml").hasSizeGreaterThanOrEqualTo(13).contains("firebreak-core");
        assertThat(rows).as("rows of README.md's \"## Layout\" table").isNotEmpty();

        List<String> missing = new ArrayList<>();
        for (String module : modules) {
            if (!rows.contains(module)) {
                missing.add(module);
            }
        }
        assertThat(missing)
                .as("modules of ../pom.xml without a row in README.md's \"## Layout\" table (first cell `module`)")
                .isEmpty();
    }

    private static List<String> modules(String pom) {
        int start = pom.indexOf("<modules>");
        int end = pom.indexOf("</modules>");
        assertThat(start).as("<modules> in ../pom.xml").isNotNegative();
        Matcher m = MODULE.matcher(pom.substring(start, end));
        List<String> modules = new ArrayList<>();
        while (m.find()) {
            modules.add(m.group(1));
        }
        return modules;
    }

    /** The first cells (in backquotes) of the table under "## Layout", up to the next heading. */
    private static Set<String> layoutRows(String readme) {
        Set<String> rows = new LinkedHashSet<>();
        boolean inLayout = false;
        for (String line : readme.split("\n")) {
            if (line.startsWith("## ")) {
                inLayout = line.trim().equals("## Layout");
                continue;
            }
            Matcher m = FIRST_CELL.matcher(line);
            if (inLayout && m.find()) {
                rows.add(m.group(1));
            }
        }
        return rows;
    }
}
