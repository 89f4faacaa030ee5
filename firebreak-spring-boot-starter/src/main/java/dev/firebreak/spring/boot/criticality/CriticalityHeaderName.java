package dev.firebreak.spring.boot.criticality;

import dev.firebreak.context.Criticality;
import org.springframework.core.env.Environment;

/**
 * The name of the header that carries a request's level, {@code firebreak.criticality.header} (default
 * {@value Criticality#HEADER}): read by the inbound filters, written by the outgoing interceptors.
 */
public final class CriticalityHeaderName {

    /** The key of the header's name. */
    public static final String KEY = "firebreak.criticality.header";

    private CriticalityHeaderName() {
    }

    /** The configured name; a value that is no HTTP header name (RFC 9110 token) is refused, naming it. */
    public static String of(Environment environment) {
        String name = environment.getProperty(KEY, Criticality.HEADER);
        if (name.isEmpty() || !name.chars().allMatch(CriticalityHeaderName::tokenChar)) {
            throw new IllegalArgumentException(KEY + " = '" + name + "': must be an HTTP header name (letters, digits"
                    + " and !#$%&'*+-.^_`|~, not empty)");
        }
        return name;
    }

    private static boolean tokenChar(int c) {
        return c < 128 && (Character.isLetterOrDigit(c) || "!#$%&'*+-.^_`|~".indexOf(c) >= 0);
    }
}
