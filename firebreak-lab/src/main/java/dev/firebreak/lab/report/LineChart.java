package dev.firebreak.lab.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A self-contained HTML page with one SVG chart: one line per series over a shared x axis (linear or
 * logarithmic), a horizontal reference line if asked (for example the downstream's own delay), and
 * a legend. No script, no external file: the page opens anywhere.
 */
public final class LineChart {

    private static final String[] COLORS = {"#d62728", "#1f77b4", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#17becf", "#7f7f7f"};
    private static final int W = 760;
    private static final int H = 420;
    private static final int LEFT = 70;
    private static final int RIGHT = 190;
    private static final int TOP = 40;
    private static final int BOTTOM = 50;

    /**
     * One point of a series.
     *
     * @param series the line it belongs to
     * @param x its x value (positive when the axis is logarithmic)
     * @param y its y value
     */
    public record Point(String series, double x, double y) {
    }

    private LineChart() {
    }

    /**
     * The page.
     *
     * @param title heading and chart title
     * @param note a paragraph under the heading saying how to read the chart
     * @param logX a logarithmic x axis
     * @param reference a horizontal reference line at this y (NaN: none), labelled {@code referenceLabel}
     */
    public static String html(String title, String note, String xLabel, String yLabel, boolean logX,
            double reference, String referenceLabel, List<Point> points) {
        return "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>" + esc(title) + "</title></head>\n<body>\n<h1>"
                + esc(title) + "</h1>\n<p>" + esc(note) + "</p>\n" + svg(title, xLabel, yLabel, logX, reference, referenceLabel, points)
                + "</body></html>\n";
    }

    /** The chart alone, a standalone SVG document (arguments as {@link #html}). */
    public static String svg(String title, String xLabel, String yLabel, boolean logX, double reference, String referenceLabel,
            List<Point> points) {
        Map<String, List<Point>> bySeries = new LinkedHashMap<>();
        points.stream().filter(p -> Double.isFinite(p.x()) && Double.isFinite(p.y()) && (!logX || p.x() > 0))
                .forEach(p -> bySeries.computeIfAbsent(p.series(), k -> new ArrayList<>()).add(p));
        double minX = Double.MAX_VALUE;
        double maxX = -Double.MAX_VALUE;
        double maxY = Double.isFinite(reference) ? reference : 0;
        for (List<Point> series : bySeries.values()) {
            for (Point p : series) {
                minX = Math.min(minX, p.x());
                maxX = Math.max(maxX, p.x());
                maxY = Math.max(maxY, p.y());
            }
        }
        if (bySeries.isEmpty()) {
            minX = 1;
            maxX = 10;
        }
        if (maxX <= minX) {
            maxX = minX + 1;
        }
        maxY = maxY <= 0 ? 1 : maxY * 1.1;
        Axis x = new Axis(minX, maxX, logX, LEFT, W - RIGHT);
        double plotBottom = H - BOTTOM;
        StringBuilder svg = new StringBuilder();
        svg.append("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"").append(W).append("\" height=\"").append(H)
                .append("\" font-family=\"sans-serif\" font-size=\"12\">\n");
        svg.append(line(LEFT, plotBottom, W - RIGHT, plotBottom, "#000")).append(line(LEFT, TOP, LEFT, plotBottom, "#000"));
        for (int i = 0; i <= 5; i++) {
            double value = maxY * i / 5;
            double py = y(value, maxY, plotBottom);
            svg.append(line(LEFT - 4, py, LEFT, py, "#000")).append(line(LEFT, py, W - RIGHT, py, "#eee"));
            svg.append(text(LEFT - 6, py + 4, "end", trim(value)));
        }
        for (double tick : x.ticks()) {
            double px = x.map(tick);
            svg.append(line(px, plotBottom, px, plotBottom + 4, "#000"));
            svg.append(text(px, plotBottom + 18, "middle", trim(tick)));
        }
        svg.append(text((LEFT + W - RIGHT) / 2.0, H - 10, "middle", xLabel));
        svg.append("<text x=\"16\" y=\"").append(fmt((TOP + plotBottom) / 2)).append("\" text-anchor=\"middle\" transform=\"rotate(-90 16 ")
                .append(fmt((TOP + plotBottom) / 2)).append(")\">").append(esc(yLabel)).append("</text>\n");
        if (Double.isFinite(reference)) {
            double py = y(reference, maxY, plotBottom);
            svg.append("<line x1=\"").append(LEFT).append("\" y1=\"").append(fmt(py)).append("\" x2=\"").append(W - RIGHT)
                    .append("\" y2=\"").append(fmt(py)).append("\" stroke=\"#999\" stroke-dasharray=\"4 3\"/>\n");
            svg.append(text(W - RIGHT - 4, py - 4, "end", referenceLabel));
        }
        int index = 0;
        for (Map.Entry<String, List<Point>> entry : bySeries.entrySet()) {
            String color = COLORS[index % COLORS.length];
            List<Point> series = entry.getValue().stream().sorted((a, b) -> Double.compare(a.x(), b.x())).toList();
            StringBuilder path = new StringBuilder();
            for (Point p : series) {
                path.append(path.isEmpty() ? "" : " ").append(fmt(x.map(p.x()))).append(',').append(fmt(y(p.y(), maxY, plotBottom)));
                svg.append("<circle cx=\"").append(fmt(x.map(p.x()))).append("\" cy=\"").append(fmt(y(p.y(), maxY, plotBottom)))
                        .append("\" r=\"3\" fill=\"").append(color).append("\"><title>").append(esc(entry.getKey())).append(": ")
                        .append(trim(p.x())).append(", ").append(trim(p.y())).append("</title></circle>\n");
            }
            svg.append("<polyline fill=\"none\" stroke=\"").append(color).append("\" stroke-width=\"2\" points=\"").append(path).append("\"/>\n");
            double ly = TOP + 10 + index * 18;
            svg.append(line(W - RIGHT + 12, ly, W - RIGHT + 32, ly, color));
            svg.append(text(W - RIGHT + 36, ly + 4, "start", entry.getKey()));
            index++;
        }
        svg.append(text(W / 2.0, 20, "middle", title)).append("</svg>\n");
        return svg.toString();
    }

    private static double y(double value, double maxY, double plotBottom) {
        return plotBottom - (value / maxY) * (plotBottom - TOP);
    }

    /** A linear or logarithmic mapping from data to pixels. */
    private record Axis(double min, double max, boolean log, double from, double to) {
        double map(double value) {
            double t = log ? (Math.log(value) - Math.log(min)) / (Math.log(max) - Math.log(min)) : (value - min) / (max - min);
            return from + t * (to - from);
        }

        List<Double> ticks() {
            List<Double> ticks = new ArrayList<>();
            if (log) {
                for (double decade = Math.pow(10, Math.floor(Math.log10(min))); decade <= max; decade *= 10) {
                    for (double m : new double[] {1, 2, 5}) {
                        double tick = decade * m;
                        if (tick >= min * 0.999 && tick <= max * 1.001) {
                            ticks.add(tick);
                        }
                    }
                }
            } else {
                for (int i = 0; i <= 5; i++) {
                    ticks.add(min + (max - min) * i / 5);
                }
            }
            return ticks;
        }
    }

    private static String line(double x1, double y1, double x2, double y2, String color) {
        return "<line x1=\"" + fmt(x1) + "\" y1=\"" + fmt(y1) + "\" x2=\"" + fmt(x2) + "\" y2=\"" + fmt(y2) + "\" stroke=\"" + color + "\"/>\n";
    }

    private static String text(double x, double y, String anchor, String text) {
        return "<text x=\"" + fmt(x) + "\" y=\"" + fmt(y) + "\" text-anchor=\"" + anchor + "\">" + esc(text) + "</text>\n";
    }

    private static String fmt(double v) {
        return String.format(Locale.ROOT, "%.1f", v);
    }

    private static String trim(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e12 ? Long.toString((long) v) : String.format(Locale.ROOT, "%.1f", v);
    }

    private static String esc(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
