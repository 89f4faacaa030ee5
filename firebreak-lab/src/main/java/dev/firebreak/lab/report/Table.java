package dev.firebreak.lab.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Rows of text cells under a fixed header, written as CSV (RFC 4180 quoting, {@code \n} line ends) or
 * as a Markdown table. Experiments format their numbers before adding them (see {@link #number}).
 */
public final class Table {

    private final List<String> header;
    private final List<List<String>> rows = new ArrayList<>();

    /** A table with these column names. */
    public Table(List<String> header) {
        if (header.isEmpty()) {
            throw new IllegalArgumentException("a table needs at least one column");
        }
        this.header = List.copyOf(header);
    }

    /** Adds a row; it must have one cell per column. */
    public Table add(List<String> cells) {
        if (cells.size() != header.size()) {
            throw new IllegalArgumentException("row has " + cells.size() + " cells, the header " + header.size() + ": " + cells);
        }
        rows.add(List.copyOf(cells));
        return this;
    }

    /** The column names. */
    public List<String> header() {
        return header;
    }

    /** The rows added so far. */
    public List<List<String>> rows() {
        return List.copyOf(rows);
    }

    /** Formats a number with a fixed count of decimals, locale-independent ({@code 1234.50}). */
    public static String number(double value, int decimals) {
        if (Double.isNaN(value) || Double.isInfinite(value)) {
            return "";
        }
        return String.format(java.util.Locale.ROOT, "%." + decimals + "f", value);
    }

    /** The CSV text: the header line, then one line per row. */
    public String toCsv() {
        StringBuilder text = new StringBuilder();
        appendCsvLine(text, header);
        for (List<String> row : rows) {
            appendCsvLine(text, row);
        }
        return text.toString();
    }

    private static void appendCsvLine(StringBuilder text, List<String> cells) {
        for (int i = 0; i < cells.size(); i++) {
            if (i > 0) {
                text.append(',');
            }
            String cell = cells.get(i);
            if (cell.indexOf(',') >= 0 || cell.indexOf('"') >= 0 || cell.indexOf('\n') >= 0 || cell.indexOf('\r') >= 0) {
                text.append('"').append(cell.replace("\"", "\"\"")).append('"');
            } else {
                text.append(cell);
            }
        }
        text.append('\n');
    }

    /** Writes {@link #toCsv()} to {@code file} (creating its folder). */
    public void writeCsv(Path file) throws IOException {
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        Files.writeString(file, toCsv(), StandardCharsets.UTF_8);
    }

    /** The Markdown table; cells that look numeric are right-aligned. */
    public String toMarkdown() {
        StringBuilder text = new StringBuilder();
        text.append('|');
        for (String name : header) {
            text.append(' ').append(escape(name)).append(" |");
        }
        text.append("\n|");
        for (int c = 0; c < header.size(); c++) {
            text.append(numericColumn(c) ? "---:|" : "---|");
        }
        text.append('\n');
        for (List<String> row : rows) {
            text.append('|');
            for (String cell : row) {
                text.append(' ').append(escape(cell)).append(" |");
            }
            text.append('\n');
        }
        return text.toString();
    }

    private boolean numericColumn(int column) {
        if (rows.isEmpty()) {
            return false;
        }
        for (List<String> row : rows) {
            String cell = row.get(column);
            if (!cell.isEmpty() && !Character.isDigit(cell.charAt(0)) && cell.charAt(0) != '-') {
                return false;
            }
        }
        return true;
    }

    private static String escape(String cell) {
        return cell.replace("|", "\\|").replace("\n", " ");
    }
}
