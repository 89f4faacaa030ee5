package dev.firebreak.release;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.zip.ZipFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Central's rules, each broken on purpose on an otherwise complete bundle. */
class BundleCheckTest {
    @TempDir Path root;

    private List<String> check(TestBundle bundle) throws IOException {
        return new BundleCheck(bundle.root, TestBundle.SIGNATURES).check("dev.firebreak", Set.of("firebreak-parent", "firebreak-core"));
    }

    @Test
    void aCompleteBundlePassesAndInheritsCentralsMetadataFromItsParent() throws IOException {
        assertThat(check(new TestBundle(root))).isEmpty();
    }

    @Test
    void aPomWithoutALicenceFailsNamingThePomAndTheElement() throws IOException {
        TestBundle bundle = new TestBundle(root);
        bundle.parentPom(TestBundle.METADATA.replaceAll("<licenses>.*</licenses>", ""),
                "<properties><project.build.outputTimestamp>2026-11-28T00:00:00Z</project.build.outputTimestamp></properties>");

        assertThat(check(bundle)).containsExactlyInAnyOrder(
                "dev/firebreak/firebreak-parent/0.3.0/firebreak-parent-0.3.0.pom: no <licenses>",
                "dev/firebreak/firebreak-core/0.3.0/firebreak-core-0.3.0.pom: no <licenses>, nor in its parent chain from"
                        + " dev.firebreak:firebreak-parent:0.3.0");
    }

    @Test
    void metadataCannotBeInheritedFromAParentOutsideTheBundle() throws IOException {
        TestBundle bundle = new TestBundle(root);
        try (var files = Files.list(bundle.dir("firebreak-parent"))) {
            for (Path f : files.toList()) Files.delete(f);
        }
        List<String> problems = new BundleCheck(root, TestBundle.SIGNATURES).check("dev.firebreak", Set.of("firebreak-core"));

        assertThat(problems).contains("dev/firebreak/firebreak-core/0.3.0/firebreak-core-0.3.0.pom: no <scm>"
                + " (its parent dev.firebreak:firebreak-parent:0.3.0 is not in the bundle, so nothing can be inherited)");
    }

    @Test
    void everyPomNeedsItsOwnName() throws IOException {
        TestBundle bundle = new TestBundle(root);
        bundle.file("firebreak-core", ".pom", Files.readString(bundle.path("firebreak-core", ".pom")).replaceAll("<name>.*</name>", ""));

        assertThat(check(bundle)).containsExactly("dev/firebreak/firebreak-core/0.3.0/firebreak-core-0.3.0.pom: no <name>"
                + " (name is not inherited: every pom needs its own)");
    }

    @Test
    void aJarWithoutItsJavadocJarFails() throws IOException {
        TestBundle bundle = new TestBundle(root);
        for (String suffix : List.of("", ".asc", ".md5", ".sha1", ".asc.md5", ".asc.sha1")) {
            Files.delete(bundle.path("firebreak-core", "-javadoc.jar" + suffix));
        }

        assertThat(check(bundle)).containsExactly("dev/firebreak/firebreak-core/0.3.0/firebreak-core-0.3.0.jar:"
                + " no javadoc jar (firebreak-core-0.3.0-javadoc.jar)");
    }

    @Test
    void aModuleWithoutItsSbomFails() throws IOException {
        TestBundle bundle = new TestBundle(root);
        for (String suffix : List.of("", ".asc", ".md5", ".sha1", ".asc.md5", ".asc.sha1")) {
            Files.delete(bundle.path("firebreak-core", "-cyclonedx.json" + suffix));
        }

        assertThat(check(bundle)).containsExactly("dev/firebreak/firebreak-core/0.3.0/firebreak-core-0.3.0.pom:"
                + " no SBOM (firebreak-core-0.3.0-cyclonedx.json)");
    }

    @Test
    void aFileWithoutItsSignatureOrChecksumFails() throws IOException {
        TestBundle bundle = new TestBundle(root);
        Files.delete(bundle.path("firebreak-core", "-sources.jar.asc"));
        Files.delete(bundle.path("firebreak-core", "-sources.jar.asc.md5"));
        Files.delete(bundle.path("firebreak-core", "-sources.jar.asc.sha1"));
        Files.delete(bundle.path("firebreak-core", ".pom.sha1"));

        assertThat(check(bundle)).containsExactlyInAnyOrder(
                "dev/firebreak/firebreak-core/0.3.0/firebreak-core-0.3.0-sources.jar: no signature (firebreak-core-0.3.0-sources.jar.asc)",
                "dev/firebreak/firebreak-core/0.3.0/firebreak-core-0.3.0.pom: no checksum (firebreak-core-0.3.0.pom.sha1)");
    }

    @Test
    void aFileChangedAfterSigningFailsItsSignatureAndChecksums() throws IOException {
        TestBundle bundle = new TestBundle(root);
        Files.writeString(bundle.path("firebreak-core", "-cyclonedx.json"), "{\"tampered\":true}");

        assertThat(check(bundle)).hasSize(3).allSatisfy(p -> assertThat(p).startsWith(
                "dev/firebreak/firebreak-core/0.3.0/firebreak-core-0.3.0-cyclonedx.json"))
                .anySatisfy(p -> assertThat(p).contains(".asc: signature does not verify"))
                .anySatisfy(p -> assertThat(p).contains(".md5: checksum does not match the file"))
                .anySatisfy(p -> assertThat(p).contains(".sha1: checksum does not match the file"));
    }

    @Test
    void aSnapshotReferenceOrARepositoryInAPomFails() throws IOException {
        TestBundle bundle = new TestBundle(root);
        bundle.modulePom("firebreak-core", "", """
                <dependencies><dependency><groupId>org.example</groupId><artifactId>lib</artifactId>
                  <version>1.0-SNAPSHOT</version></dependency></dependencies>
                <profiles><profile><id>x</id><repositories><repository><id>r</id><url>https://repo.example.org</url>
                  </repository></repositories></profile></profiles>""");

        assertThat(check(bundle)).containsExactlyInAnyOrder(
                "dev/firebreak/firebreak-core/0.3.0/firebreak-core-0.3.0.pom: refers to a SNAPSHOT"
                        + " (project/dependencies/dependency/version = 1.0-SNAPSHOT)",
                "dev/firebreak/firebreak-core/0.3.0/firebreak-core-0.3.0.pom: declares a repository"
                        + " (project/profiles/profile/repositories)");
    }

    @Test
    void aTimestampLeftOutFailsEveryPomThatInheritsNone() throws IOException {
        TestBundle bundle = new TestBundle(root);
        bundle.parentPom(TestBundle.METADATA, "");

        assertThat(check(bundle)).hasSize(2).allSatisfy(p -> assertThat(p).contains(
                ": project.build.outputTimestamp is not set")).anySatisfy(p -> assertThat(p).startsWith(
                "dev/firebreak/firebreak-core/0.3.0/firebreak-core-0.3.0.pom: project.build.outputTimestamp is not set,"
                        + " nor in its parent chain from dev.firebreak:firebreak-parent:0.3.0"));
    }

    @Test
    void aModuleMissingFromTheBundleFails() throws IOException {
        List<String> problems = new BundleCheck(new TestBundle(root).root, TestBundle.SIGNATURES)
                .check("dev.firebreak", Set.of("firebreak-core", "firebreak-stream"));

        assertThat(problems).containsExactly("dev/firebreak/firebreak-stream: missing from the bundle");
    }

    @Test
    void theUploadBundleHoldsTheLayoutWithoutMavenMetadata() throws IOException {
        TestBundle bundle = new TestBundle(root.resolve("staging"));
        Files.writeString(root.resolve("staging/dev/firebreak/firebreak-core/maven-metadata.xml"), "<metadata/>");

        int count = BundleZip.write(bundle.root, root.resolve("bundle.zip"));

        try (ZipFile zip = new ZipFile(root.resolve("bundle.zip").toFile())) {
            List<String> names = zip.stream().map(e -> e.getName()).toList();
            assertThat(names).hasSize(count).contains("dev/firebreak/firebreak-core/0.3.0/firebreak-core-0.3.0.jar",
                    "dev/firebreak/firebreak-core/0.3.0/firebreak-core-0.3.0.jar.asc",
                    "dev/firebreak/firebreak-parent/0.3.0/firebreak-parent-0.3.0.pom.sha1")
                    .noneMatch(n -> n.contains("maven-metadata"));
        }
    }
}
