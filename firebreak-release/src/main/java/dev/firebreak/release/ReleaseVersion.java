package dev.firebreak.release;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** A release version, MAJOR.MINOR.PATCH, and the promise it makes about breaking changes. */
record ReleaseVersion(int major, int minor, int patch) {
    private static final Pattern FORM = Pattern.compile("(\\d+)\\.(\\d+)\\.(\\d+)");

    static ReleaseVersion parse(String key, String value) {
        Matcher m = FORM.matcher(value == null ? "" : value);
        if (!m.matches()) {
            throw new IllegalArgumentException(key + " = '" + value + "': a release version is MAJOR.MINOR.PATCH"
                    + " (digits only, no -SNAPSHOT or qualifier)");
        }
        return new ReleaseVersion(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)), Integer.parseInt(m.group(3)));
    }

    /**
     * Whether this version may break what {@code previous} offered: a new major version, or, while the
     * major number is 0, a new minor version.
     */
    boolean mayBreak(ReleaseVersion previous) {
        if (major != previous.major) return major > previous.major;
        return major == 0 && minor > previous.minor;
    }

    @Override
    public String toString() { return major + "." + minor + "." + patch; }
}
