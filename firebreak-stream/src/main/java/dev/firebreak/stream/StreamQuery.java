package dev.firebreak.stream;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The validated query of a {@code /hystrix.stream} request. Only two parameters exist, each at most
 * once: {@code delay} (milliseconds between the events this client receives: a whole number from the
 * server's interval to 60000; the client then gets every n-th tick, n = ceil(delay / interval), and a
 * heartbeat on the others) and {@code access_token} (the bearer token, for clients such as EventSource
 * that cannot send headers). Anything else is a 400.
 *
 * @param everyNthTick 1, or the tick divisor {@code delay} asks for
 * @param accessToken the token from the query, or null
 */
record StreamQuery(long everyNthTick, String accessToken) {

    static final int MAX_DELAY_MILLIS = 60_000;
    private static final int MAX_QUERY_LENGTH = 2048;

    /** Parses {@code rawQuery} (null for none) against the server's interval. */
    static StreamQuery parse(String rawQuery, long intervalMillis) throws BadRequest {
        if (rawQuery == null || rawQuery.isEmpty()) {
            return new StreamQuery(1, null);
        }
        Map<String, String> params = parameters(rawQuery, MAX_QUERY_LENGTH, List.of("delay", "access_token"));
        long every = 1;
        String delay = params.get("delay");
        if (delay != null) {
            int millis = parseDelay(delay, intervalMillis);
            every = (millis + intervalMillis - 1) / intervalMillis;
        }
        return new StreamQuery(every, params.get("access_token"));
    }

    /**
     * The parameters of {@code rawQuery} (not empty), decoded: only names in {@code allowed}, each at most
     * once, the whole at most {@code maxLength} characters; otherwise 400 (414 when too long).
     */
    static Map<String, String> parameters(String rawQuery, int maxLength, List<String> allowed) throws BadRequest {
        if (rawQuery.length() > maxLength) {
            throw new BadRequest(414, "query too long");
        }
        Map<String, String> params = new HashMap<>();
        for (String pair : rawQuery.split("&", -1)) {
            int eq = pair.indexOf('=');
            String name = decode(eq < 0 ? pair : pair.substring(0, eq));
            String value = eq < 0 ? "" : decode(pair.substring(eq + 1));
            if (!allowed.contains(name)) {
                throw new BadRequest(400, "unknown query parameter (allowed: " + String.join(", ", allowed) + ")");
            }
            if (params.putIfAbsent(name, value) != null) {
                throw new BadRequest(400, "query parameter '" + name + "' given twice");
            }
        }
        return params;
    }

    private static int parseDelay(String text, long intervalMillis) throws BadRequest {
        String rule = "delay must be a whole number of milliseconds from " + intervalMillis + " to " + MAX_DELAY_MILLIS;
        if (text.isEmpty() || text.length() > 5 || !text.chars().allMatch(c -> c >= '0' && c <= '9')) {
            throw new BadRequest(400, rule);
        }
        int millis = Integer.parseInt(text);
        if (millis < intervalMillis || millis > MAX_DELAY_MILLIS) {
            throw new BadRequest(400, rule);
        }
        return millis;
    }

    private static String decode(String raw) throws BadRequest {
        try {
            return URLDecoder.decode(raw, StandardCharsets.UTF_8);
        } catch (IllegalArgumentException malformed) {
            throw new BadRequest(400, "malformed query");
        }
    }
}
