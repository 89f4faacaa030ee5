package dev.firebreak.stream;

import dev.firebreak.config.InvalidConfigException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;

/**
 * The stream's optional secret: a request must carry it as {@code Authorization: Bearer <token>} or,
 * for clients that cannot set headers (EventSource, the Hystrix Dashboard), as the
 * {@code access_token} query parameter (RFC 6750). Compared in constant time; never logged or echoed.
 */
final class BearerToken {

    static final int MIN_LENGTH = 16;
    private static final String PREFIX = "Bearer ";

    private final byte[] expected;

    private BearerToken(String token) {
        this.expected = token.getBytes(StandardCharsets.US_ASCII);
    }

    /**
     * A validated token: at least 16 characters of RFC 6750's token68 alphabet (letters, digits and
     * {@code -._~+/}, then {@code =} padding).
     */
    static BearerToken of(String token) {
        return of("stream.token", token);
    }

    /** As {@link #of(String)}, refusals naming the setting {@code key}. */
    static BearerToken of(String key, String token) {
        String shown = "<hidden, " + token.length() + " chars>";
        if (token.length() < MIN_LENGTH) {
            throw new InvalidConfigException(key, shown, "must be at least " + MIN_LENGTH + " characters");
        }
        if (!token.matches("[A-Za-z0-9\\-._~+/]+=*")) {
            throw new InvalidConfigException(key, shown,
                    "must use only letters, digits and -._~+/ (then = padding), as RFC 6750's token68");
        }
        return new BearerToken(token);
    }

    /** Whether the request carries this token in its header or its query. */
    boolean accepts(String authorizationHeader, String queryToken) {
        if (authorizationHeader != null) {
            return authorizationHeader.regionMatches(true, 0, PREFIX, 0, PREFIX.length())
                    && matches(authorizationHeader.substring(PREFIX.length()).trim());
        }
        return queryToken != null && matches(queryToken);
    }

    /** Whether {@code other} is the same secret. */
    boolean sameAs(BearerToken other) {
        return MessageDigest.isEqual(expected, other.expected);
    }

    private boolean matches(String candidate) {
        return MessageDigest.isEqual(expected, candidate.getBytes(StandardCharsets.US_ASCII));
    }
}
