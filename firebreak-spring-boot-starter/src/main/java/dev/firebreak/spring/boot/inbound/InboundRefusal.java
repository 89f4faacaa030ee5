package dev.firebreak.spring.boot.inbound;

import dev.firebreak.GuardException;
import dev.firebreak.RateLimitedException;
import java.nio.charset.StandardCharsets;

/**
 * The answer to a request its guard refused before the handler ran: 429 for the rate limiter, 503 for
 * everything else (a full or adaptive limit, priority shedding, an open breaker), with
 * {@code Retry-After} and a small JSON body saying why.
 *
 * @param status 429 or 503
 * @param retryAfterSeconds the {@code Retry-After} value
 * @param event the guard's refusal event (RATE_LIMITED, LIMIT_REJECTED, SHORT_CIRCUITED, ...)
 */
record InboundRefusal(int status, long retryAfterSeconds, String event) {

    static final String CONTENT_TYPE = "application/json";

    static InboundRefusal of(GuardException refusal, long retryAfterSeconds) {
        int status = refusal instanceof RateLimitedException ? 429 : 503;
        return new InboundRefusal(status, retryAfterSeconds, String.valueOf(refusal.event()));
    }

    byte[] body() {
        return ("{\"status\":" + status + ",\"error\":\"" + (status == 429 ? "Too Many Requests" : "Service Unavailable")
                + "\",\"reason\":\"" + event + "\",\"retryAfterSeconds\":" + retryAfterSeconds + "}\n")
                .getBytes(StandardCharsets.UTF_8);
    }
}
