package dev.firebreak.micrometer;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.Guard;
import dev.firebreak.GuardRegistry;
import dev.firebreak.Isolation;
import dev.firebreak.collapse.CollapserRegistry;
import dev.firebreak.collapse.ResponseMapping;
import dev.firebreak.hedge.Hedge;
import dev.firebreak.live.DynamicConfiguration;
import dev.firebreak.live.MapPropertySource;
import dev.firebreak.live.PropertySource;
import dev.firebreak.metrics.MetricDetail;
import dev.firebreak.metrics.MetricSpec;
import dev.firebreak.metrics.MetricVocabulary;
import dev.firebreak.priority.PriorityConfig;
import dev.firebreak.retry.Retry;
import dev.firebreak.testkit.ManualClock;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The vocabulary as Prometheus reads it, counted on real scrape text: the series a guard costs by
 * default and per opt-in (the figures {@code docs/observability.md} gives), a non-empty HELP on every
 * family, no name repeating its unit, and exactly the names, help texts and tags of {@link MetricVocabulary}.
 */
class SeriesBudgetTest {

    /** The most series one guard may cost by default (issue 36). */
    private static final int BUDGET = 40;
    private static final Pattern SAMPLE = Pattern.compile("(?m)^([a-zA-Z_:][a-zA-Z0-9_:]*)(\\{([^}]*)\\})? \\S+$");
    private static final Pattern LABEL = Pattern.compile("([a-zA-Z_][a-zA-Z0-9_]*)=\"((?:[^\"\\\\]|\\\\.)*)\"");

    @Test
    void aGuardCostsAtMostFortySeriesByDefaultAndEachOptInItsMeasuredPrice() throws IOException {
        int semaphore = guardSeries(EnumSet.noneOf(MetricDetail.class), false);
        int thread = guardSeries(EnumSet.noneOf(MetricDetail.class), true);
        System.out.printf("series per guard by default: %d (SEMAPHORE), %d (THREAD)%n", semaphore, thread);
        assertThat(semaphore).isEqualTo(thread).isLessThanOrEqualTo(BUDGET);
        Map<MetricDetail, Integer> cost = new LinkedHashMap<>();
        for (MetricDetail detail : MetricDetail.values()) {
            cost.put(detail, guardSeries(EnumSet.of(detail), false) - semaphore);
        }
        int all = guardSeries(EnumSet.allOf(MetricDetail.class), false);
        System.out.println("series each opt-in adds per guard: " + cost + "; all of them: " + all);
        // the figures docs/observability.md gives
        assertThat(semaphore).isEqualTo(39);
        assertThat(cost).containsExactlyInAnyOrderEntriesOf(Map.of(MetricDetail.PERCENTILE_HISTOGRAM, 58,
                MetricDetail.EXECUTION_TIMER, 14, MetricDetail.ROLLING_WINDOW, 23, MetricDetail.BREAKER_MODE, 5,
                MetricDetail.LIMIT_ALGORITHM, 5));
        assertThat(all).as("the execution timer's histogram too").isEqualTo(semaphore + 58 * 2 + 14 + 23 + 5 + 5);
        int prioritized = guardSeries(EnumSet.noneOf(MetricDetail.class), false, true);
        assertThat(prioritized - semaphore).as("a guard with priorities: rejected per criticality and the threshold")
                .isEqualTo(5);
        String doc = Files.readString(Path.of("..", "docs", "observability.md"));
        assertThat(doc).as("docs/observability.md gives the measured figures")
                .contains("A guard costs " + semaphore + " series by default")
                .contains("all options together " + semaphore + " + " + (all - semaphore));
        cost.forEach((detail, series) -> assertThat(doc).containsPattern("\\| `" + detail + "` \\|[^\\n]*\\| \\+" + series + " \\|"));
        MetricVocabulary.all().forEach(spec -> assertThat(doc).as("documented")
                .containsPattern("`" + Pattern.quote(spec.name()) + "[`{]"));
    }

    @Test
    void everyFamilyHasAHelpTextNoNameRepeatsItsUnitAndTheNamesAreTheVocabularys() {
        String scrape = scrapeOfEverything();
        Map<String, String> help = new HashMap<>();
        Matcher h = Pattern.compile("(?m)^# HELP (\\S+) ?(.*)$").matcher(scrape);
        while (h.find()) {
            help.put(h.group(1), h.group(2));
        }
        Set<String> families = new TreeSet<>();
        Matcher t = Pattern.compile("(?m)^# TYPE (\\S+) (\\S+)$").matcher(scrape);
        while (t.find()) {
            if (t.group(1).startsWith("firebreak_")) {
                families.add(t.group(1));
            }
        }
        for (String family : families) {
            assertThat(help.get(family)).as("HELP of " + family).isNotBlank();
            List<String> words = Arrays.asList(family.split("_"));
            assertThat(new HashSet<>(words)).as(family + " repeats a word (its unit?)").hasSize(words.size());
        }
        Map<String, MetricSpec> byFamily = new HashMap<>();
        for (MetricSpec spec : MetricVocabulary.all()) {
            byFamily.put(spec.prometheus(), spec);
            if (spec.type() == MetricSpec.Type.TIMER || spec.type() == MetricSpec.Type.DISTRIBUTION) {
                byFamily.put(spec.prometheus() + "_max", spec);
            }
        }
        assertThat(families).as("every name of the vocabulary, and no other").isEqualTo(new TreeSet<>(byFamily.keySet()));
        for (String family : families) {
            assertThat(help.get(family)).as("HELP of " + family).isEqualTo(byFamily.get(family).description());
        }
        Matcher s = SAMPLE.matcher(scrape);
        while (s.find()) {
            String name = s.group(1);
            if (!name.startsWith("firebreak_")) {
                continue;
            }
            MetricSpec spec = specOf(byFamily, name);
            Set<String> keys = new TreeSet<>();
            Matcher l = LABEL.matcher(s.group(3) == null ? "" : s.group(3));
            while (l.find()) {
                keys.add(l.group(1));
            }
            keys.remove("le");
            assertThat(keys).as("tags of " + s.group()).isEqualTo(new TreeSet<>(spec.tags()));
        }
    }

    /** The series whose {@code guard} label is the measured guard's, in a scrape with the details given. */
    private static int guardSeries(Set<MetricDetail> details, boolean threadPool) {
        return guardSeries(details, threadPool, false);
    }

    private static int guardSeries(Set<MetricDetail> details, boolean threadPool, boolean priorities) {
        ManualClock clock = new ManualClock();
        PrometheusMeterRegistry prometheus = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        try (GuardRegistry registry = GuardRegistry.builder().clock(clock).build();
                FirebreakMetrics binder = FirebreakMetrics.builder(registry).detail(details).build()) {
            Guard guard = registry.guard("measured")
                    .isolation(threadPool ? Isolation.threadPool() : Isolation.semaphore(10))
                    .priorities(PriorityConfig.builder().enabled(priorities).build()).build();
            binder.bindTo(prometheus);
            guard.execute(() -> 1);
            return count(prometheus.scrape(), "guard", "measured");
        } finally {
            prometheus.close();
        }
    }

    private static int count(String scrape, String label, String value) {
        int n = 0;
        Matcher s = SAMPLE.matcher(scrape);
        while (s.find()) {
            if (s.group(3) != null && s.group(3).contains(label + "=\"" + value + "\"")) {
                n++;
            }
        }
        return n;
    }

    /** A scrape with every kind of thing the binder publishes, every detail on. */
    private static String scrapeOfEverything() {
        ManualClock clock = new ManualClock();
        PrometheusMeterRegistry prometheus = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        PropertySource source = new MapPropertySource("file");
        try (GuardRegistry registry = GuardRegistry.builder().clock(clock).allowChaos(true).build(); // chaos: its counters
                DynamicConfiguration configuration = DynamicConfiguration.builder(registry).source(source)
                        .pollInterval(Duration.ZERO).build();
                FirebreakMetrics binder = FirebreakMetrics.builder(registry).detail(MetricDetail.values()).build()) {
            Guard pooled = registry.guard("pooled").isolation(Isolation.threadPool()).build();
            Guard guard = registry.guard("users").isolation(Isolation.semaphore(10))
                    .priorities(PriorityConfig.builder().enabled(true).build()).build(); // its two names too
            Retry.named("users-retry").through(guard).attemptExecutor(Runnable::run).build();
            Hedge.named("users-hedge").through(guard).hedgeExecutor(Runnable::run).build();
            CollapserRegistry.of(registry).<Integer, Integer>collapser("numbers").through(guard)
                    .batchAsync(args -> CompletableFuture.completedFuture(List.copyOf(args)), ResponseMapping.inOrder())
                    .build();
            binder.bindTo(prometheus);
            assertThat(configuration).isNotNull();
            assertThat(pooled.execute(() -> 1)).isEqualTo(1);
            return prometheus.scrape();
        } finally {
            prometheus.close();
        }
    }

    private static MetricSpec specOf(Map<String, MetricSpec> byFamily, String sample) {
        for (String suffix : List.of("", "_bucket", "_count", "_sum")) {
            if (sample.endsWith(suffix) && byFamily.containsKey(sample.substring(0, sample.length() - suffix.length()))) {
                return byFamily.get(sample.substring(0, sample.length() - suffix.length()));
            }
        }
        throw new AssertionError("no name of the vocabulary for the sample " + sample);
    }
}
