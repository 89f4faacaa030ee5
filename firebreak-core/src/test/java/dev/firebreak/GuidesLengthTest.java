package dev.firebreak;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The user guides (the Markdown pages at the top of docs/) stay a guide, not a notebook: at most
 * 4,500 lines in all, so that run readings, histories and test catalogues go under docs/notes/; and
 * no page sends its reader outside the repository's own folders. Maven runs this from firebreak-core's
 * folder, so the root is its parent.
 */
class GuidesLengthTest {

    private static final Path DOCS = Path.of("..", "docs");
    private static final int MOST_LINES = 4_500;

    @Test
    void theGuidesTogetherStayUnderTheirLength() throws IOException {
        List<Path> guides = guides();
        assertThat(guides).as("guides in ../docs").hasSizeGreaterThanOrEqualTo(10); // guards the test itself
        long lines = 0;
        StringBuilder perPage = new StringBuilder();
        for (Path guide : guides) {
            long count = Files.readAllLines(guide).size();
            lines += count;
            perPage.append(guide.getFileName()).append(' ').append(count).append('\n');
        }
        assertThat(lines).as("lines of the guides in docs/*.md (move readings and histories to docs/notes/):%n%s",
                perPage).isLessThanOrEqualTo(MOST_LINES);
    }

    @Test
    void noGuidePointsOutsideTheRepository() throws IOException {
        List<String> outside = new ArrayList<>();
        for (Path guide : guides()) {
            for (String line : Files.readAllLines(guide)) {
                if (line.contains("../shared") || line.contains("](../../")) {
                    outside.add(guide.getFileName() + ": " + line.strip());
                }
            }
        }
        assertThat(outside).as("links out of the repository").isEmpty();
    }

    private static List<Path> guides() throws IOException {
        try (Stream<Path> files = Files.list(DOCS)) {
            return files.filter(p -> p.getFileName().toString().endsWith(".md")).sorted().toList();
        }
    }
}
