package dev.firebreak.micrometer.fleet;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The shipped files under {@code dashboards/} (at the repository's root), read as a user would import them. */
final class Dashboards {

    /** One query of a panel. */
    record PanelQuery(String panel, String refId, String expr) {
        @Override
        public String toString() {
            return "panel \"" + panel + "\" " + refId + ": " + expr;
        }
    }

    private Dashboards() {
    }

    static Path root() {
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            if (Files.isDirectory(dir.resolve("dashboards/grafana")) && Files.isRegularFile(dir.resolve("mvnw"))) {
                return dir.resolve("dashboards");
            }
        }
        throw new AssertionError("no dashboards/ directory above " + Path.of("").toAbsolutePath());
    }

    static Path grafanaDashboard() {
        return root().resolve("grafana/firebreak.json");
    }

    static Path prometheusRules() {
        return root().resolve("prometheus/firebreak-rules.yml");
    }

    static JsonNode dashboard() {
        try {
            return new ObjectMapper().readTree(grafanaDashboard().toFile());
        } catch (IOException e) {
            throw new UncheckedIOException("the dashboard is not valid JSON: " + grafanaDashboard(), e);
        }
    }

    /** Every panel, rows' collapsed children included. */
    static List<JsonNode> panels(JsonNode dashboard) {
        List<JsonNode> all = new ArrayList<>();
        for (JsonNode panel : dashboard.path("panels")) {
            all.add(panel);
            panel.path("panels").forEach(all::add);
        }
        return all;
    }

    /** Every query of every panel that is not a row, as written (template variables in). */
    static List<PanelQuery> panelQueries(JsonNode dashboard) {
        List<PanelQuery> queries = new ArrayList<>();
        for (JsonNode panel : panels(dashboard)) {
            if (!"row".equals(panel.path("type").asText())) {
                for (JsonNode target : panel.path("targets")) {
                    queries.add(new PanelQuery(panel.path("title").asText(), target.path("refId").asText(),
                            target.path("expr").asText()));
                }
            }
        }
        return queries;
    }

    /** The template variable named {@code name}, or an AssertionError. */
    static JsonNode variable(JsonNode dashboard, String name) {
        for (JsonNode variable : dashboard.path("templating").path("list")) {
            if (name.equals(variable.path("name").asText())) {
                return variable;
            }
        }
        throw new AssertionError("the dashboard has no template variable " + name);
    }

    /** A query variable's query text (a string, or the {@code query} field of Grafana's newer object form). */
    static String variableQuery(JsonNode variable) {
        JsonNode query = variable.path("query");
        return query.isTextual() ? query.asText() : query.path("query").asText();
    }

    private static final Pattern LABEL_VALUES = Pattern.compile("^\\s*label_values\\((.*),\\s*(\\w+)\\s*\\)\\s*$", Pattern.DOTALL);

    /** {@code label_values(selector, label)} split into its selector and label; an AssertionError otherwise. */
    static String[] labelValues(String query) {
        Matcher m = LABEL_VALUES.matcher(query);
        if (!m.matches()) {
            throw new AssertionError("not a label_values(selector, label) query: " + query);
        }
        return new String[] {m.group(1).trim(), m.group(2)};
    }

    /**
     * {@code expr} as Grafana would send it with application {@code application}, every instance and
     * every guard selected (All = {@code .*}), and a 1-minute {@code $__rate_interval}.
     */
    static String substitute(String expr, String application) {
        String out = expr;
        for (String[] v : new String[][] {{"application", application}, {"instance", ".*"}, {"guard", ".*"},
                {"__rate_interval", "1m"}, {"__interval", "15s"}, {"__range", "1h"}}) {
            out = out.replace("${" + v[0] + "}", v[1]).replace("[[" + v[0] + "]]", v[1])
                    .replaceAll("\\$" + Pattern.quote(v[0]) + "(?![A-Za-z0-9_])", Matcher.quoteReplacement(v[1]));
        }
        if (out.contains("$")) {
            throw new AssertionError("a template variable the test does not know is left in: " + out);
        }
        return out;
    }

    /** The shipped rules file's text. */
    static String rulesText() {
        try {
            return Files.readString(prometheusRules());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** How many rules ({@code - record:} and {@code - alert:} entries) the shipped file declares. */
    static int declaredRules(String rulesText) {
        Matcher m = Pattern.compile("(?m)^\\s*-\\s*(record|alert):").matcher(rulesText);
        int n = 0;
        while (m.find()) {
            n++;
        }
        return n;
    }

    /**
     * A rules file with one alert of {@code rulesText}, verbatim but renamed {@code newName} and with its
     * {@code for:} set to {@code newFor}: the same expression, faster to fire in a test.
     */
    static String oneAlertWithFor(String rulesText, String alert, String newName, String newFor) {
        Matcher start = Pattern.compile("(?m)^(\\s*)- alert: " + Pattern.quote(alert) + "\\s*$").matcher(rulesText);
        if (!start.find()) {
            throw new AssertionError("no alert " + alert + " in the rules file");
        }
        String indent = start.group(1);
        Matcher next = Pattern.compile("(?m)^" + Pattern.quote(indent) + "- |^\\S|^\\s*#").matcher(rulesText);
        int end = next.find(start.end()) ? next.start() : rulesText.length();
        String rule = rulesText.substring(start.start(), end);
        String changed = rule.replaceFirst("- alert: " + Pattern.quote(alert), "- alert: " + newName)
                .replaceFirst("(?m)^(\\s*)for: .*$", "$1for: " + newFor);
        if (changed.equals(rule) || !changed.contains("for: " + newFor)) {
            throw new AssertionError("could not rewrite the for: of " + alert + " in:\n" + rule);
        }
        return "groups:\n  - name: test-" + newName + "\n    rules:\n" + changed.stripTrailing().replaceAll("(?m)^" + Pattern.quote(indent), "      ") + "\n";
    }
}
