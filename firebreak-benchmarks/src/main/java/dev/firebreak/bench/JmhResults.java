package dev.firebreak.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Reads JMH's JSON result format into {@link JmhResult}s. */
public final class JmhResults {

    private static final ObjectMapper JSON = new ObjectMapper();

    private JmhResults() {
    }

    /** Reads the results in {@code file}. */
    public static List<JmhResult> read(Path file) throws IOException {
        return parse(JSON.readTree(file.toFile()));
    }

    /** Reads results from JSON text. */
    public static List<JmhResult> parse(String json) throws IOException {
        return parse(JSON.readTree(json));
    }

    private static List<JmhResult> parse(JsonNode root) {
        if (!root.isArray()) {
            throw new IllegalArgumentException("JMH's JSON is an array of results");
        }
        List<JmhResult> results = new ArrayList<>();
        for (JsonNode node : root) {
            results.add(result(node));
        }
        return results;
    }

    private static JmhResult result(JsonNode node) {
        String benchmark = node.path("benchmark").asText();
        int lastDot = benchmark.lastIndexOf('.');
        int classDot = lastDot < 0 ? -1 : benchmark.lastIndexOf('.', lastDot - 1);
        String shortName = benchmark.substring(classDot + 1);
        JsonNode primary = node.path("primaryMetric");
        double scale = nanosPer(primary.path("scoreUnit").asText());
        Map<String, String> params = new LinkedHashMap<>();
        for (Map.Entry<String, JsonNode> entry : node.path("params").properties()) {
            params.put(entry.getKey(), entry.getValue().asText());
        }
        Map<String, Double> percentiles = new LinkedHashMap<>();
        for (Map.Entry<String, JsonNode> entry : primary.path("scorePercentiles").properties()) {
            percentiles.put(entry.getKey(), entry.getValue().asDouble() * scale);
        }
        String mode = node.path("mode").asText();
        JsonNode alloc = node.path("secondaryMetrics").path("gc.alloc.rate.norm");
        double bytesPerOp = alloc.isMissingNode() ? Double.NaN : alloc.path("score").asDouble(Double.NaN);
        return new JmhResult(shortName, mode, node.path("threads").asInt(1), params,
                primary.path("score").asDouble() * scale,
                primary.path("scoreError").asDouble(Double.NaN) * scale,
                "sample".equals(mode) ? percentiles : Map.of(),
                "sample".equals(mode) ? sampleCount(primary.path("rawDataHistogram")) : 0L,
                bytesPerOp, forkMeans(primary.path("rawData"), scale));
    }

    /** Each fork's mean over its iterations, in ns: JMH's {@code rawData} is forks, then iterations. */
    private static List<Double> forkMeans(JsonNode rawData, double scale) {
        List<Double> means = new ArrayList<>();
        for (JsonNode fork : rawData) {
            double sum = 0;
            int iterations = 0;
            for (JsonNode iteration : fork) {
                sum += iteration.asDouble();
                iterations++;
            }
            if (iterations > 0) {
                means.add(sum / iterations * scale);
            }
        }
        return means;
    }

    /** Nanoseconds in one unit of JMH's score unit ("ns/op", "us/op", "ms/op", "s/op"). */
    static double nanosPer(String unit) {
        return switch (unit) {
            case "ns/op" -> 1.0;
            case "us/op" -> 1_000.0;
            case "ms/op" -> 1_000_000.0;
            case "s/op" -> 1_000_000_000.0;
            default -> throw new IllegalArgumentException("not a time-per-operation unit: " + unit);
        };
    }

    /** Sample mode's histogram: forks, iterations, then [value, count] pairs. */
    private static long sampleCount(JsonNode histogram) {
        long count = 0;
        for (JsonNode fork : histogram) {
            for (JsonNode iteration : fork) {
                for (JsonNode pair : iteration) {
                    count += pair.path(1).asLong();
                }
            }
        }
        return count;
    }
}
