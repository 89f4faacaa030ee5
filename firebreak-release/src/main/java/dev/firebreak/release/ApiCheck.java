package dev.firebreak.release;

import japicmp.cmp.JApiCmpArchive;
import japicmp.cmp.JarArchiveComparator;
import japicmp.cmp.JarArchiveComparatorOptions;
import japicmp.model.AccessModifier;
import japicmp.model.JApiChangeStatus;
import japicmp.model.JApiClass;
import japicmp.model.JApiCompatibility;
import japicmp.model.JApiCompatibilityChange;
import japicmp.model.JApiCompatibilityChangeType;
import japicmp.model.JApiConstructor;
import japicmp.model.JApiField;
import japicmp.model.JApiHasAccessModifier;
import japicmp.model.JApiHasChangeStatus;
import japicmp.model.JApiModifier;
import japicmp.model.JApiMethod;
import japicmp.model.JApiParameter;
import java.nio.file.Path;
import javassist.CtClass;
import javassist.bytecode.AnnotationDefaultAttribute;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Collectors;

/**
 * One module's public API (public and protected members of public types) compared with the previous
 * release's jar, with japicmp. Every change is listed; a change that breaks binary or source
 * compatibility is allowed only when the version says so ({@link ReleaseVersion#mayBreak}).
 */
final class ApiCheck {
    /** Every change (one line each, breaking ones marked) and the breaking ones the version does not allow. */
    record Result(String module, List<String> changes, List<String> refused) {
        String report(ReleaseVersion previous, ReleaseVersion next) {
            StringBuilder out = new StringBuilder("# " + module + ": " + previous + " -> " + next + "\n");
            if (changes.isEmpty()) out.append("no change to the public API\n");
            changes.forEach(c -> out.append(c).append('\n'));
            return out.toString();
        }
    }

    private ApiCheck() {}

    static Result compare(String module, Path oldJar, List<String> oldClassPath, ReleaseVersion previous,
                          Path newJar, List<String> newClassPath, ReleaseVersion next) {
        JarArchiveComparatorOptions options = new JarArchiveComparatorOptions();
        options.setAccessModifier(AccessModifier.PROTECTED);
        options.setClassPathMode(JarArchiveComparatorOptions.ClassPathMode.TWO_SEPARATE_CLASSPATHS);
        options.setOldClassPath(oldClassPath);
        options.setNewClassPath(newClassPath);
        List<JApiClass> classes = new JarArchiveComparator(options).compare(
                new JApiCmpArchive(oldJar.toFile(), previous.toString()), new JApiCmpArchive(newJar.toFile(), next.toString()));

        boolean allowed = next.mayBreak(previous);
        List<String> changes = new ArrayList<>();
        List<String> refused = new ArrayList<>();
        for (JApiClass type : classes.stream().filter(ApiCheck::isApi).sorted(Comparator.comparing(JApiClass::getFullyQualifiedName)).toList()) {
            List<Line> lines = new ArrayList<>();
            Line typeLine = line(type.getChangeStatus(), "type " + type.getFullyQualifiedName(), type, "");
            if (type.getChangeStatus() == JApiChangeStatus.NEW && typeLine.breaking()) {
                // A type that did not exist breaks no one. japicmp still flags a new class implementing an
                // interface whose supertypes it cannot resolve on the class path (a Spring SmartLifecycle):
                // METHOD_ABSTRACT_ADDED_IN_IMPLEMENTED_INTERFACE. Listed, not refused.
                typeLine = new Line(typeLine.text().replace(" BREAKING", " (new: breaks no one)"), false);
            }
            lines.add(typeLine);
            for (JApiConstructor c : type.getConstructors()) member(lines, c, c, "constructor " + simple(type) + params(c.getParameters()));
            for (JApiMethod m : type.getMethods()) {
                if (isNewElementWithDefault(type, m)) { // compatible: every existing use keeps compiling and linking
                    lines.add(new Line("  NEW method " + m.getName() + params(m.getParameters())
                            + " (an annotation element with a default)", false));
                    continue;
                }
                member(lines, m, m, "method " + m.getName() + params(m.getParameters()));
            }
            for (JApiField f : type.getFields()) member(lines, f, f, "field " + f.getName());
            boolean typeChanged = type.getChangeStatus() != JApiChangeStatus.UNCHANGED || !type.getCompatibilityChanges().isEmpty();
            if (!typeChanged && lines.size() == 1) continue;
            for (Line l : lines) {
                changes.add(l.text());
                if (l.breaking() && !allowed) refused.add(module + ": " + type.getFullyQualifiedName() + ": " + l.text().strip());
            }
        }
        return new Result(module, List.copyOf(changes), List.copyOf(refused));
    }

    private record Line(String text, boolean breaking) {}

    /**
     * Whether {@code m} is an element added to an annotation type with a default value: japicmp reports
     * it as an abstract method added to an interface, but no use of the annotation has to change (the
     * JLS's binary-compatibility rules for annotation types).
     */
    private static boolean isNewElementWithDefault(JApiClass type, JApiMethod m) {
        if (m.getChangeStatus() != JApiChangeStatus.NEW) return false;
        boolean annotation = type.getNewClass().map(CtClass::isAnnotation).orElse(false);
        return annotation && m.getNewMethod()
                .map(method -> method.getMethodInfo().getAttribute(AnnotationDefaultAttribute.tag) != null).orElse(false);
    }

    private static void member(List<Line> lines, JApiHasChangeStatus status, JApiCompatibility compat, String what) {
        if (!isApi((JApiHasAccessModifier) status)) return;
        if (status.getChangeStatus() != JApiChangeStatus.UNCHANGED || !compat.getCompatibilityChanges().isEmpty()) {
            lines.add(line(status.getChangeStatus(), what, compat, "  "));
        }
    }

    /** Public or protected before or after: package-private and private members are no one else's business. */
    private static boolean isApi(JApiHasAccessModifier element) {
        JApiModifier<AccessModifier> access = element.getAccessModifier();
        return access.getOldModifier().map(ApiCheck::visible).orElse(false) || access.getNewModifier().map(ApiCheck::visible).orElse(false);
    }

    private static boolean visible(AccessModifier modifier) {
        return modifier.getLevel() >= AccessModifier.PROTECTED.getLevel();
    }

    private static Line line(JApiChangeStatus status, String what, JApiCompatibility compat, String indent) {
        List<JApiCompatibilityChange> changes = compat.getCompatibilityChanges();
        boolean breaking = changes.stream().filter(c -> !madeDefault(c))
                .anyMatch(c -> !c.isBinaryCompatible() || !c.isSourceCompatible());
        String kinds = changes.isEmpty() ? "" : " [" + changes.stream().map(c -> c.getType().name()).distinct()
                .collect(Collectors.joining(", ")) + "]";
        return new Line(indent + status + " " + what + kinds + (breaking ? " BREAKING" : ""), breaking);
    }

    /*
     * An interface method made default (it was abstract): every implementation keeps compiling and every
     * caller keeps linking (JLS 13.5.6). japicmp counts it as binary-incompatible for the one case the JLS
     * names, a class inheriting two unrelated defaults of one signature, which then fails only when that
     * method is invoked; the check lists the change and does not refuse it.
     */
    private static boolean madeDefault(JApiCompatibilityChange change) {
        return change.getType() == JApiCompatibilityChangeType.METHOD_ABSTRACT_NOW_DEFAULT;
    }

    private static String params(List<JApiParameter> parameters) {
        return parameters.stream().map(JApiParameter::getType).collect(Collectors.joining(", ", "(", ")"));
    }

    private static String simple(JApiClass type) {
        String name = type.getFullyQualifiedName();
        return name.substring(name.lastIndexOf('.') + 1);
    }
}
