package dev.firebreak;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The package rule (docs/architecture.md, "Layers"): packages stand in layers and import only their
 * own layer or below, and no two packages import each other, even through others. Fails the build
 * when a main class breaks it.
 *
 * <pre>
 * 5  config.live                        live configuration
 * 4  collapse, keyed, retry, hedge     call policies and guard families, through Guard's public API
 * 3  dev.firebreak, internal            the API and the one pipeline
 * 2  breaker, isolation, limit, ratelimit, metrics, context   attempt policies and what they report
 * 1  time, event, attempt, registry, config, metrics.rolling   machinery
 * </pre>
 */
class PackageRulesTest {

    private static JavaClasses main;

    @BeforeAll
    static void importMainClasses() {
        main = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_JARS)
                .importPackages("dev.firebreak");
        assertThat(main.size()).as("main classes imported").isGreaterThan(100);
    }

    @Test
    void noPackageCycles() {
        ArchRule rule = slices().matching("dev.firebreak.(**)").should().beFreeOfCycles();
        rule.check(main);
    }

    @Test
    void eachLayerImportsOnlyItsOwnOrLower() {
        ArchRule rule = layeredArchitecture().consideringOnlyDependenciesInLayers()
                .layer("machinery").definedBy("dev.firebreak.time..", "dev.firebreak.event..",
                        "dev.firebreak.attempt..", "dev.firebreak.registry..", "dev.firebreak.config",
                        "dev.firebreak.metrics.rolling..")
                .layer("attempt policies").definedBy("dev.firebreak.breaker..", "dev.firebreak.isolation..",
                        "dev.firebreak.metrics", "dev.firebreak.context..", "dev.firebreak.limit..",
                        "dev.firebreak.ratelimit..")
                .layer("api").definedBy("dev.firebreak", "dev.firebreak.internal..")
                .layer("call policies").definedBy("dev.firebreak.collapse..", "dev.firebreak.keyed..",
                        "dev.firebreak.retry..", "dev.firebreak.hedge..")
                .layer("live configuration").definedBy("dev.firebreak.config.live..")
                .whereLayer("live configuration").mayNotBeAccessedByAnyLayer()
                .whereLayer("call policies").mayOnlyBeAccessedByLayers("live configuration")
                .whereLayer("api").mayOnlyBeAccessedByLayers("call policies", "live configuration")
                .whereLayer("attempt policies").mayOnlyBeAccessedByLayers("api", "call policies", "live configuration");
        rule.check(main);
    }

    @Test
    void onlyTheApiUsesTheInternalPipeline() {
        ArchRule rule = noClasses()
                .that().resideOutsideOfPackages("dev.firebreak", "dev.firebreak.internal..")
                .should().dependOnClassesThat().resideInAPackage("dev.firebreak.internal..");
        rule.check(main);
    }
}
