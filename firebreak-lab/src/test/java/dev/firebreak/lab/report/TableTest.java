package dev.firebreak.lab.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** CSV and Markdown output. */
class TableTest {

    @Test
    void csvHasTheHeaderThenOneLinePerRowWithQuotingWhereNeeded(@TempDir Path dir) throws Exception {
        Table table = new Table(List.of("variant", "note", "tps"));
        table.add(List.of("none", "plain", Table.number(199.456, 1)));
        table.add(List.of("odd", "a, \"quoted\" note", Table.number(2, 1)));
        Path file = dir.resolve("sub/out.csv");
        table.writeCsv(file);
        assertThat(Files.readString(file)).isEqualTo("variant,note,tps\nnone,plain,199.5\nodd,\"a, \"\"quoted\"\" note\",2.0\n");
    }

    @Test
    void markdownRightAlignsNumericColumnsAndEscapesPipes() {
        Table table = new Table(List.of("variant", "tps"));
        table.add(List.of("a|b", "1.0"));
        assertThat(table.toMarkdown()).isEqualTo("| variant | tps |\n|---|---:|\n| a\\|b | 1.0 |\n");
    }

    @Test
    void rowsMustFitTheHeaderAndNumbersIgnoreTheLocale() {
        Table table = new Table(List.of("a", "b"));
        assertThatThrownBy(() -> table.add(List.of("only one"))).hasMessageContaining("1 cells, the header 2");
        java.util.Locale before = java.util.Locale.getDefault();
        try {
            java.util.Locale.setDefault(java.util.Locale.GERMANY);
            assertThat(Table.number(1234.5, 2)).isEqualTo("1234.50");
        } finally {
            java.util.Locale.setDefault(before);
        }
        assertThat(Table.number(Double.NaN, 1)).isEmpty();
    }

    @Test
    void theFrontierKeepsOnlyPointsNoCheaperPointBeats() {
        List<FrontierChart.Point> byX = List.of(
                new FrontierChart.Point("p", "s", "a", 5, 610),
                new FrontierChart.Point("p", "s", "b", 8, 620),
                new FrontierChart.Point("p", "s", "c", 14, 520),
                new FrontierChart.Point("p", "s", "d", 190, 511));
        assertThat(FrontierChart.frontier(byX)).extracting(FrontierChart.Point::label).containsExactly("a", "c", "d");
    }

    @Test
    void theChartIsOneSelfContainedPageWithAPanelPerLoop() {
        String html = FrontierChart.html("t", "n", "x", "y", List.of(
                new FrontierChart.Point("closed", "hystrix", "hystrix-timer-10ms", 20, 510),
                new FrontierChart.Point("closed", "hystrix", "hystrix-timer-100ms", 6, 600),
                new FrontierChart.Point("open-200rps", "firebreak", "firebreak-load-aware", 8, 520)));
        assertThat(html).startsWith("<!DOCTYPE html>").doesNotContain("<script").doesNotContain("src=");
        assertThat(html.split("<svg ", -1)).hasSize(3);
        assertThat(html).contains("hystrix-timer-100ms").contains("<polyline");
    }
}
