package dev.firebreak.lab.experiment;

import dev.firebreak.lab.report.Table;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What an experiment's report step produces; the run template prints and writes it.
 *
 * @param table the CSV, written as {@code <experiment>.csv} in the results folder and to {@code --csv}
 * @param console the text printed on stdout (the Markdown table and the goal checks)
 * @param markdown {@code report.md}
 * @param files further files of the results folder by name (at least {@code chart.html}), in order
 */
public record LabReport(Table table, String console, String markdown, Map<String, String> files) {

    /** A copy of the arguments; {@code files} keeps its order. */
    public LabReport {
        files = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(files));
    }

    /** A report whose only extra file is {@code chart.html}. */
    public static LabReport withChart(Table table, String console, String markdown, String chartHtml) {
        return new LabReport(table, console, markdown, Map.of("chart.html", chartHtml));
    }
}
