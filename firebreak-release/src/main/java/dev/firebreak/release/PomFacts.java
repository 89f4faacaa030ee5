package dev.firebreak.release;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;
import org.xml.sax.SAXException;

/**
 * What one published pom says about itself, as Maven Central reads it: coordinates, parent, the metadata
 * Central requires, its properties, and anything it must not contain (SNAPSHOT references, repositories).
 */
record PomFacts(
        String groupId, String artifactId, String version,
        Optional<String> parent,          // "groupId:artifactId:version" of the parent, if any
        Map<String, Boolean> metadata,    // Central's required element -> present in this pom itself
        Map<String, String> properties,
        List<String> snapshotReferences,  // "element = value" for every text mentioning SNAPSHOT
        List<String> repositories) {      // every repositories / pluginRepositories element, by path

    /** The elements Central requires in every pom; all but name may come from a parent. */
    static final List<String> REQUIRED = List.of("name", "description", "url", "licenses", "developers", "scm");

    static PomFacts read(Path pom) throws IOException {
        Document doc;
        try {
            DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
            factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            doc = factory.newDocumentBuilder().parse(pom.toFile());
        } catch (ParserConfigurationException | SAXException e) {
            throw new IOException(pom + ": not a readable pom: " + e.getMessage(), e);
        }
        Element project = doc.getDocumentElement();
        Optional<Element> parentElement = child(project, "parent");
        Optional<String> parent = parentElement.map(p -> text(p, "groupId") + ":" + text(p, "artifactId") + ":" + text(p, "version"));
        String groupId = child(project, "groupId").map(PomFacts::text).orElse(parentElement.map(p -> text(p, "groupId")).orElse(""));
        String version = child(project, "version").map(PomFacts::text).orElse(parentElement.map(p -> text(p, "version")).orElse(""));

        Map<String, Boolean> metadata = new LinkedHashMap<>();
        metadata.put("name", !text(project, "name").isBlank());
        metadata.put("description", !text(project, "description").isBlank());
        metadata.put("url", !text(project, "url").isBlank());
        metadata.put("licenses", child(project, "licenses").map(l -> children(l, "license").stream()
                .anyMatch(license -> !text(license, "name").isBlank())).orElse(false));
        metadata.put("developers", child(project, "developers").map(d -> children(d, "developer").stream()
                .anyMatch(dev -> !text(dev, "name").isBlank() || !text(dev, "id").isBlank())).orElse(false));
        metadata.put("scm", child(project, "scm").map(s -> !text(s, "url").isBlank() && !text(s, "connection").isBlank()).orElse(false));

        Map<String, String> properties = new LinkedHashMap<>();
        child(project, "properties").ifPresent(p -> {
            for (Element property : children(p, null)) properties.put(property.getTagName(), property.getTextContent().strip());
        });
        List<String> snapshots = new ArrayList<>();
        List<String> repositories = new ArrayList<>();
        scan(project, "project", snapshots, repositories);
        return new PomFacts(groupId, text(project, "artifactId"), version, parent, metadata, properties,
                List.copyOf(snapshots), List.copyOf(repositories));
    }

    private static void scan(Element element, String path, List<String> snapshots, List<String> repositories) {
        for (Element child : children(element, null)) {
            String childPath = path + "/" + child.getTagName();
            if (child.getTagName().equals("repositories") || child.getTagName().equals("pluginRepositories")) {
                repositories.add(childPath);
            }
            List<Element> grandChildren = children(child, null);
            if (grandChildren.isEmpty() && child.getTextContent().contains("SNAPSHOT")) {
                snapshots.add(childPath + " = " + child.getTextContent().strip());
            }
            scan(child, childPath, snapshots, repositories);
        }
    }

    private static Optional<Element> child(Element parent, String name) {
        List<Element> found = children(parent, name);
        return found.isEmpty() ? Optional.empty() : Optional.of(found.getFirst());
    }

    private static List<Element> children(Element parent, String name) { // direct children; name null = all
        List<Element> result = new ArrayList<>();
        NodeList nodes = parent.getChildNodes();
        for (int i = 0; i < nodes.getLength(); i++) {
            Node node = nodes.item(i);
            if (node instanceof Element e && (name == null || e.getTagName().equals(name))) result.add(e);
        }
        return result;
    }

    private static String text(Element parent, String name) {
        return child(parent, name).map(PomFacts::text).orElse("");
    }

    private static String text(Element element) {
        return element.getTextContent().strip();
    }
}
