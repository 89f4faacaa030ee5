package dev.firebreak.release;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * Maven Central's rules, checked on a staged bundle (a Maven repository layout
 * {@code groupId-path/artifactId/version/files}) before anything is uploaded. Each problem names the
 * file, relative to the bundle's root, and what it lacks.
 */
final class BundleCheck {
    static final String OUTPUT_TIMESTAMP = "project.build.outputTimestamp";
    private static final List<String> SIDE_FILES = List.of(".asc", ".md5", ".sha1", ".sha256", ".sha512");

    private final Path root;
    private final SignatureVerifier signatures;

    BundleCheck(Path root, SignatureVerifier signatures) {
        this.root = root;
        this.signatures = signatures;
    }

    /**
     * Every problem of the bundle; empty when Central would take it.
     *
     * @param expected the artifactIds (under {@code groupId}) the bundle must hold
     */
    List<String> check(String groupId, Set<String> expected) throws IOException {
        List<String> problems = new ArrayList<>();
        Map<Path, List<Path>> artifactDirs = artifactDirectories(problems);
        if (artifactDirs.isEmpty()) problems.add(root + ": the bundle holds no artifacts");

        Map<String, PomFacts> pomsByCoordinates = new HashMap<>();
        Map<Path, PomFacts> poms = new TreeMap<>();
        Set<String> found = new HashSet<>();
        for (var entry : artifactDirs.entrySet()) {
            Path dir = entry.getKey();
            String version = dir.getFileName().toString();
            String artifactId = dir.getParent().getFileName().toString();
            String base = artifactId + "-" + version;
            Path pom = dir.resolve(base + ".pom");
            if (!Files.isRegularFile(pom)) {
                problems.add(rel(dir) + ": no pom (" + base + ".pom)");
            } else {
                PomFacts facts = PomFacts.read(pom);
                poms.put(pom, facts);
                pomsByCoordinates.put(facts.groupId() + ":" + facts.artifactId() + ":" + facts.version(), facts);
                String pathGroup = root.relativize(dir.getParent().getParent()).toString().replace(dir.getFileSystem().getSeparator(), ".");
                if (!facts.artifactId().equals(artifactId) || !facts.version().equals(version) || !facts.groupId().equals(pathGroup)) {
                    problems.add(rel(pom) + ": says " + facts.groupId() + ":" + facts.artifactId() + ":" + facts.version()
                            + " but lies at " + pathGroup + ":" + artifactId + ":" + version);
                }
                if (facts.groupId().equals(groupId)) found.add(artifactId);
            }
            checkFiles(base, entry.getValue(), problems);
        }
        for (String artifactId : expected) {
            if (!found.contains(artifactId)) problems.add(groupId.replace('.', '/') + "/" + artifactId + ": missing from the bundle");
        }
        for (var pom : poms.entrySet()) checkPom(pom.getKey(), pom.getValue(), pomsByCoordinates, problems);
        return problems;
    }

    private void checkFiles(String base, List<Path> files, List<String> problems) throws IOException {
        Set<String> names = new HashSet<>();
        for (Path file : files) names.add(file.getFileName().toString());
        if (names.contains(base + ".jar")) {
            for (String classifier : List.of("sources", "javadoc")) {
                if (!names.contains(base + "-" + classifier + ".jar")) {
                    problems.add(rel(files.getFirst().resolveSibling(base + ".jar")) + ": no " + classifier + " jar ("
                            + base + "-" + classifier + ".jar)");
                }
            }
        }
        if (!names.contains(base + "-cyclonedx.json")) {
            problems.add(rel(files.getFirst().resolveSibling(base + ".pom")) + ": no SBOM (" + base + "-cyclonedx.json)");
        }
        for (Path file : files) {
            String name = file.getFileName().toString();
            if (SIDE_FILES.stream().anyMatch(name::endsWith)) {
                String signed = name.substring(0, name.lastIndexOf('.'));
                if (!names.contains(signed)) {
                    problems.add(rel(file) + ": belongs to no file (" + signed + " is missing)");
                }
                continue;
            }
            Path signature = file.resolveSibling(name + ".asc");
            if (!Files.isRegularFile(signature)) {
                problems.add(rel(file) + ": no signature (" + name + ".asc)");
            } else {
                Optional<String> bad = signatures.verify(file, signature);
                bad.ifPresent(why -> problems.add(rel(signature) + ": " + why));
            }
            checkSum(file, ".md5", Checksums.md5(file), problems);
            checkSum(file, ".sha1", Checksums.sha1(file), problems);
        }
    }

    private void checkSum(Path file, String suffix, String actual, List<String> problems) throws IOException {
        Path sum = file.resolveSibling(file.getFileName() + suffix);
        if (!Files.isRegularFile(sum)) {
            problems.add(rel(file) + ": no checksum (" + file.getFileName() + suffix + ")");
        } else if (!Checksums.recorded(sum).equals(actual)) {
            problems.add(rel(sum) + ": checksum does not match the file (recorded " + Checksums.recorded(sum) + ", actual " + actual + ")");
        }
    }

    private void checkPom(Path pom, PomFacts facts, Map<String, PomFacts> bundle, List<String> problems) {
        for (String element : PomFacts.REQUIRED) {
            if (facts.metadata().get(element)) continue;
            if (!element.equals("name") && inherited(facts, bundle, f -> f.metadata().get(element))) continue;
            problems.add(rel(pom) + ": no <" + element + ">" + whereLooked(facts, bundle, element));
        }
        if (!inherited(facts, bundle, f -> f.properties().containsKey(OUTPUT_TIMESTAMP)) && !facts.properties().containsKey(OUTPUT_TIMESTAMP)) {
            problems.add(rel(pom) + ": " + OUTPUT_TIMESTAMP + " is not set" + whereLooked(facts, bundle, "properties")
                    + ": its jars would carry the build's clock, not a reproducible time");
        }
        for (String snapshot : facts.snapshotReferences()) problems.add(rel(pom) + ": refers to a SNAPSHOT (" + snapshot + ")");
        for (String repository : facts.repositories()) problems.add(rel(pom) + ": declares a repository (" + repository + ")");
    }

    private static String whereLooked(PomFacts facts, Map<String, PomFacts> bundle, String element) {
        if (element.equals("name")) return " (name is not inherited: every pom needs its own)";
        if (facts.parent().isEmpty()) return "";
        String parent = facts.parent().get();
        return bundle.containsKey(parent) ? ", nor in its parent chain from " + parent
                : " (its parent " + parent + " is not in the bundle, so nothing can be inherited)";
    }

    private static boolean inherited(PomFacts facts, Map<String, PomFacts> bundle, java.util.function.Predicate<PomFacts> has) {
        Set<String> seen = new HashSet<>();
        Optional<String> parent = facts.parent();
        while (parent.isPresent() && seen.add(parent.get())) {
            PomFacts ancestor = bundle.get(parent.get());
            if (ancestor == null) return false;
            if (has.test(ancestor)) return true;
            parent = ancestor.parent();
        }
        return false;
    }

    /** Version directories and their files; Maven's own metadata files are not part of a bundle. */
    private Map<Path, List<Path>> artifactDirectories(List<String> problems) throws IOException {
        Map<Path, List<Path>> dirs = new TreeMap<>();
        try (Stream<Path> walk = Files.walk(root)) {
            for (Path file : walk.filter(Files::isRegularFile).sorted().toList()) {
                if (file.getFileName().toString().startsWith("maven-metadata")) continue;
                if (root.relativize(file).getNameCount() < 4) { // needs group/artifact/version/file
                    problems.add(rel(file) + ": not in the Maven repository layout (groupId-path/artifactId/version/file)");
                    continue;
                }
                dirs.computeIfAbsent(file.getParent(), d -> new ArrayList<>()).add(file);
            }
        }
        return dirs;
    }

    private String rel(Path path) {
        return root.relativize(path).toString();
    }
}
