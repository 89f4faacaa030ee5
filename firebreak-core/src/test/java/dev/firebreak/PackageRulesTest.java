package dev.firebreak;

import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The package rule (docs/architecture.md, "Layers"): every package of core, the root package
 * {@code dev.firebreak} included, stands in one layer and imports only its own layer or below; no two
 * packages import each other, even through others; and a package folder holds only packages of its
 * own layer, so the folders show the layers. Fails the build when a main class breaks it.
 *
 * <pre>
 * 5  live                                     live configuration
 * 4  collapse, keyed, callpolicy, retry, hedge  call policies and guard families, through Guard's public API
 * 3  dev.firebreak                            the API and the one pipeline (package-private)
 * 2  breaker, isolation, timeout, fallback, limit, ratelimit, priority, classify, metrics, context   attempt policies
 * 1  time, event, attempt, registry, config, rolling   machinery
 * </pre>
 */
class PackageRulesTest {

    /** Every package of core and its layer; a package missing here fails {@link #everyPackageHasALayer()}. */
    static final Map<String, Integer> LAYERS = Map.ofEntries(
            Map.entry("dev.firebreak.time", 1), Map.entry("dev.firebreak.event", 1),
            Map.entry("dev.firebreak.attempt", 1), Map.entry("dev.firebreak.registry", 1),
            Map.entry("dev.firebreak.config", 1), Map.entry("dev.firebreak.rolling", 1),
            Map.entry("dev.firebreak.time.internal", 1), Map.entry("dev.firebreak.registry.internal", 1),
            Map.entry("dev.firebreak.breaker", 2), Map.entry("dev.firebreak.isolation", 2),
            Map.entry("dev.firebreak.timeout", 2), Map.entry("dev.firebreak.fallback", 2),
            Map.entry("dev.firebreak.limit", 2), Map.entry("dev.firebreak.ratelimit", 2), Map.entry("dev.firebreak.priority", 2),
            Map.entry("dev.firebreak.classify", 2), Map.entry("dev.firebreak.metrics", 2),
            Map.entry("dev.firebreak.context", 2),
            Map.entry("dev.firebreak", 3),
            Map.entry("dev.firebreak.collapse", 4), Map.entry("dev.firebreak.keyed", 4),
            Map.entry("dev.firebreak.callpolicy", 4), Map.entry("dev.firebreak.retry", 4),
            Map.entry("dev.firebreak.hedge", 4),
            Map.entry("dev.firebreak.live", 5));

    /**
     * Pairs of packages allowed to import each other, each with the reason. Empty: no exception is
     * needed today. An entry is {@code "a <-> b"} with the packages in alphabetical order.
     */
    static final Map<String, String> DOCUMENTED_CYCLES = Map.of();

    private static JavaClasses main;

    @BeforeAll
    static void importMainClasses() {
        main = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_JARS)
                .importPackages("dev.firebreak");
        assertThat(main.size()).as("main classes imported").isGreaterThan(100);
    }

    @Test
    void everyPackageHasALayer() {
        Set<String> packages = new TreeSet<>();
        for (JavaClass c : main) {
            packages.add(c.getPackageName());
        }
        assertThat(LAYERS.keySet()).as("packages with a layer").containsAll(packages);
    }

    @Test
    void aPackageFolderHoldsOnlyPackagesOfItsOwnLayer() {
        List<String> mixed = new ArrayList<>();
        for (String inner : LAYERS.keySet()) {
            for (String outer : LAYERS.keySet()) {
                boolean holds = !outer.equals("dev.firebreak") && inner.startsWith(outer + ".");
                if (holds && !LAYERS.get(inner).equals(LAYERS.get(outer))) {
                    mixed.add(outer + " (layer " + LAYERS.get(outer) + ") holds " + inner + " (layer " + LAYERS.get(inner) + ")");
                }
            }
        }
        assertThat(mixed).isEmpty();
    }

    /** No two packages reach each other through imports (direct or through others), the root package counted apart. */
    @Test
    void noPackageCycles() {
        Map<String, Set<String>> imports = packageImports();
        List<String> cycles = new ArrayList<>();
        for (String from : imports.keySet()) {
            for (String to : reachable(imports, from)) {
                if (from.compareTo(to) < 0 && reachable(imports, to).contains(from)) {
                    String pair = from + " <-> " + to;
                    if (!DOCUMENTED_CYCLES.containsKey(pair)) {
                        cycles.add(pair);
                    }
                }
            }
        }
        assertThat(cycles).as("packages that import each other").isEmpty();
    }

    @Test
    void eachPackageImportsOnlyItsOwnLayerOrLower() {
        List<String> upward = new ArrayList<>();
        packageImports().forEach((from, targets) -> {
            for (String to : targets) {
                if (LAYERS.getOrDefault(to, 0) > LAYERS.getOrDefault(from, 0)) {
                    upward.add(from + " (layer " + LAYERS.get(from) + ") imports " + to + " (layer " + LAYERS.get(to) + ")");
                }
            }
        });
        assertThat(upward).isEmpty();
    }

    /** The same rule through ArchUnit's layered architecture, which names the offending class and member. */
    @Test
    void layeredArchitectureAgrees() {
        ArchRule rule = layeredArchitecture().consideringOnlyDependenciesInLayers()
                .layer("machinery").definedBy(packagesOf(1))
                .layer("attempt policies").definedBy(packagesOf(2))
                .layer("api").definedBy(packagesOf(3))
                .layer("call policies").definedBy(packagesOf(4))
                .layer("live configuration").definedBy(packagesOf(5))
                .whereLayer("live configuration").mayNotBeAccessedByAnyLayer()
                .whereLayer("call policies").mayOnlyBeAccessedByLayers("live configuration")
                .whereLayer("api").mayOnlyBeAccessedByLayers("call policies", "live configuration")
                .whereLayer("attempt policies").mayOnlyBeAccessedByLayers("api", "call policies", "live configuration");
        rule.check(main);
    }

    @Test
    void theCycleCheckSeesTheRootPackage() {
        Map<String, Set<String>> imports = packageImports();
        assertThat(imports).containsKey("dev.firebreak");
        assertThat(imports.get("dev.firebreak")).contains("dev.firebreak.breaker");
        assertThat(reachable(imports, "dev.firebreak.live")).contains("dev.firebreak");
    }

    private static String[] packagesOf(int layer) {
        return LAYERS.entrySet().stream().filter(e -> e.getValue() == layer).map(Map.Entry::getKey).toArray(String[]::new);
    }

    /** Package to the other core packages its classes depend on. */
    private static Map<String, Set<String>> packageImports() {
        Map<String, Set<String>> imports = new TreeMap<>();
        for (JavaClass c : main) {
            Set<String> targets = imports.computeIfAbsent(c.getPackageName(), k -> new TreeSet<>());
            for (Dependency d : c.getDirectDependenciesFromSelf()) {
                String to = d.getTargetClass().getPackageName();
                if (!to.equals(c.getPackageName()) && (to.equals("dev.firebreak") || to.startsWith("dev.firebreak."))) {
                    targets.add(to);
                }
            }
        }
        return imports;
    }

    private static Set<String> reachable(Map<String, Set<String>> imports, String from) {
        Set<String> seen = new TreeSet<>();
        List<String> todo = new ArrayList<>(imports.getOrDefault(from, Set.of()));
        while (!todo.isEmpty()) {
            String next = todo.remove(todo.size() - 1);
            if (seen.add(next)) {
                todo.addAll(imports.getOrDefault(next, Set.of()));
            }
        }
        return seen;
    }
}
