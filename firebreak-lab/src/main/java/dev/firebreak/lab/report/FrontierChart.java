package dev.firebreak.lab.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A self-contained HTML page of scatter charts in inline SVG, one panel per loop: x is a cost on a log
 * scale (downstream calls per second), y a price (mean latency). Every point is drawn; the line of a
 * series (library) joins only its Pareto-optimal points (none of its other points is both cheaper and
 * faster), tracing its trade-off frontier. No script, no external file.
 */
public final class FrontierChart {

    private static final String[] COLORS = {"#d62728", "#1f77b4", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#17becf"};
    private static final int W = 640;
    private static final int H = 400;
    private static final int LEFT = 70;
    private static final int RIGHT = 20;
    private static final int TOP = 40;
    private static final int BOTTOM = 50;

    /**
     * One point.
     *
     * @param panel the panel it belongs to (the loop)
     * @param series the line it belongs to (the library)
     * @param label its text (the variant)
     * @param x the cost (must be > 0 to be drawn on the log axis)
     * @param y the price
     */
    public record Point(String panel, String series, String label, double x, double y) {
    }

    private FrontierChart() {
    }

    /** The page: a title, a note, and one SVG panel per distinct {@link Point#panel()}. */
    public static String html(String title, String note, String xLabel, String yLabel, List<Point> points) {
        Map<String, List<Point>> panels = new LinkedHashMap<>();
        Set<String> series = new LinkedHashSet<>();
        for (Point point : points) {
            panels.computeIfAbsent(point.panel(), p -> new ArrayList<>()).add(point);
            series.add(point.series());
        }
        List<String> seriesOrder = List.copyOf(series);
        StringBuilder page = new StringBuilder();
        page.append("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>").append(esc(title))
                .append("</title>\n<style>body{font-family:sans-serif;margin:20px}svg{margin:0 10px 10px 0}"
                        + "text{font-size:11px}.t{font-size:14px;font-weight:bold}</style></head><body>\n")
                .append("<h2>").append(esc(title)).append("</h2>\n<p>").append(esc(note)).append("</p>\n");
        for (Map.Entry<String, List<Point>> panel : panels.entrySet()) {
            page.append(panel(panel.getKey(), xLabel, yLabel, panel.getValue(), seriesOrder));
        }
        page.append("</body></html>\n");
        return page.toString();
    }

    private static String panel(String name, String xLabel, String yLabel, List<Point> points, List<String> seriesOrder) {
        List<Point> drawable = points.stream().filter(p -> p.x() > 0 && Double.isFinite(p.y())).toList();
        double minX = drawable.stream().mapToDouble(Point::x).min().orElse(1);
        double maxX = drawable.stream().mapToDouble(Point::x).max().orElse(10);
        double lo = Math.pow(10, Math.floor(Math.log10(minX)));
        double hi = Math.pow(10, Math.ceil(Math.log10(maxX * 1.0001)));
        if (hi <= lo) {
            hi = lo * 10;
        }
        double minY = drawable.stream().mapToDouble(Point::y).min().orElse(0);
        double maxY = drawable.stream().mapToDouble(Point::y).max().orElse(1);
        double pad = Math.max(5, (maxY - minY) * 0.1);
        double yLo = Math.max(0, Math.floor((minY - pad) / 10) * 10);
        double yHi = Math.ceil((maxY + pad) / 10) * 10;
        double logLo = Math.log10(lo);
        double logSpan = Math.log10(hi) - logLo;
        java.util.function.DoubleUnaryOperator px = x -> LEFT + (Math.log10(x) - logLo) / logSpan * (W - LEFT - RIGHT);
        java.util.function.DoubleUnaryOperator py = y -> H - BOTTOM - (y - yLo) / (yHi - yLo) * (H - TOP - BOTTOM);

        StringBuilder svg = new StringBuilder();
        svg.append("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"").append(W).append("\" height=\"").append(H)
                .append("\" viewBox=\"0 0 ").append(W).append(' ').append(H).append("\">\n");
        svg.append("<rect x=\"0\" y=\"0\" width=\"").append(W).append("\" height=\"").append(H).append("\" fill=\"white\" stroke=\"#ccc\"/>\n");
        svg.append("<text class=\"t\" x=\"").append(LEFT).append("\" y=\"22\">").append(esc(name)).append("</text>\n");
        for (double decade = lo; decade <= hi * 1.0001; decade *= 10) {
            for (int m : new int[] {1, 2, 5}) {
                double x = decade * m;
                if (x > hi * 1.0001) {
                    break;
                }
                double gx = px.applyAsDouble(x);
                svg.append(line(gx, TOP, gx, H - BOTTOM, m == 1 ? "#ddd" : "#f0f0f0"));
                svg.append(text(gx, H - BOTTOM + 15, "middle", trim(x)));
            }
        }
        for (int i = 0; i <= 5; i++) {
            double y = yLo + (yHi - yLo) * i / 5;
            double gy = py.applyAsDouble(y);
            svg.append(line(LEFT, gy, W - RIGHT, gy, "#eee"));
            svg.append(text(LEFT - 5, gy + 4, "end", trim(y)));
        }
        svg.append(text((LEFT + W - RIGHT) / 2.0, H - 12, "middle", xLabel));
        svg.append("<text x=\"15\" y=\"").append((TOP + H - BOTTOM) / 2).append("\" text-anchor=\"middle\" transform=\"rotate(-90 15 ")
                .append((TOP + H - BOTTOM) / 2).append(")\">").append(esc(yLabel)).append("</text>\n");
        int legendY = TOP + 5;
        for (int s = 0; s < seriesOrder.size(); s++) {
            String series = seriesOrder.get(s);
            String color = COLORS[s % COLORS.length];
            List<Point> line = drawable.stream().filter(p -> p.series().equals(series))
                    .sorted(Comparator.comparingDouble(Point::x)).toList();
            if (line.isEmpty()) {
                continue;
            }
            StringBuilder path = new StringBuilder();
            for (Point p : frontier(line)) {
                path.append(path.isEmpty() ? "" : " ").append(fmt(px.applyAsDouble(p.x()))).append(',').append(fmt(py.applyAsDouble(p.y())));
            }
            svg.append("<polyline fill=\"none\" stroke=\"").append(color).append("\" stroke-width=\"1.5\" points=\"").append(path).append("\"/>\n");
            for (Point p : line) {
                double gx = px.applyAsDouble(p.x());
                double gy = py.applyAsDouble(p.y());
                svg.append("<circle cx=\"").append(fmt(gx)).append("\" cy=\"").append(fmt(gy)).append("\" r=\"4\" fill=\"").append(color)
                        .append("\"><title>").append(esc(p.label() + ": " + trim(p.x()) + " calls/s, " + trim(p.y()) + " ms")).append("</title></circle>\n");
                svg.append(text(gx + 6, gy - 6, "start", p.label()));
            }
            svg.append("<rect x=\"").append(W - RIGHT - 150).append("\" y=\"").append(legendY - 9).append("\" width=\"10\" height=\"10\" fill=\"")
                    .append(color).append("\"/>");
            svg.append(text(W - RIGHT - 135, legendY, "start", series));
            legendY += 15;
        }
        svg.append("</svg>\n");
        return svg.toString();
    }

    /** The points of {@code byX} (sorted by x) that no earlier point beats on y: the lower-left envelope. */
    static List<Point> frontier(List<Point> byX) {
        List<Point> kept = new ArrayList<>();
        double bestY = Double.POSITIVE_INFINITY;
        for (Point p : byX) {
            if (p.y() < bestY) {
                kept.add(p);
                bestY = p.y();
            }
        }
        return kept;
    }

    private static String line(double x1, double y1, double x2, double y2, String color) {
        return "<line x1=\"" + fmt(x1) + "\" y1=\"" + fmt(y1) + "\" x2=\"" + fmt(x2) + "\" y2=\"" + fmt(y2) + "\" stroke=\"" + color + "\"/>\n";
    }

    private static String text(double x, double y, String anchor, String text) {
        return "<text x=\"" + fmt(x) + "\" y=\"" + fmt(y) + "\" text-anchor=\"" + anchor + "\">" + esc(text) + "</text>\n";
    }

    private static String fmt(double v) {
        return Table.number(v, 1);
    }

    private static String trim(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : Table.number(v, 1);
    }

    private static String esc(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
