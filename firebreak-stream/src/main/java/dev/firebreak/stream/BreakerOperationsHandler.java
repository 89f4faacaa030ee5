package dev.firebreak.stream;

import com.sun.net.httpserver.HttpExchange;
import dev.firebreak.Guard;
import dev.firebreak.GuardRegistry;
import dev.firebreak.breaker.BreakerAction;
import dev.firebreak.breaker.BreakerMode;
import dev.firebreak.breaker.CircuitBreakerView;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The stream server's write operation, on only when an operations token is set
 * ({@link StreamServerBuilder#operationsToken}): {@code POST /firebreak/breaker?guard=orders&action=forceOpen}
 * with {@code Authorization: Bearer <token>} applies a {@link BreakerAction} to the guard's breaker and
 * answers JSON with the mode before and after and the state now. The token is taken from the header only
 * (never the query, which logs keep), so a page of another site cannot send it, and the server answers no
 * CORS preflight for it. Each change is logged at INFO as an audit record: guard, action, modes, origin.
 */
final class BreakerOperationsHandler {

    static final String PATH = "/firebreak/breaker";
    private static final int MAX_QUERY_LENGTH = 512;
    private static final System.Logger LOG = System.getLogger(BreakerOperationsHandler.class.getName());

    private final GuardRegistry registry;
    private final BearerToken token;

    BreakerOperationsHandler(GuardRegistry registry, BearerToken token) {
        this.registry = registry;
        this.token = token;
    }

    void serve(HttpExchange exchange) throws IOException, BadRequest {
        if (!token.accepts(exchange.getRequestHeaders().getFirst("Authorization"), null)) {
            exchange.getResponseHeaders().set("WWW-Authenticate", "Bearer realm=\"firebreak-operations\"");
            throw new BadRequest(401, "the operations token is required (Authorization: Bearer ...)");
        }
        Map<String, String> query = parse(exchange.getRequestURI().getRawQuery());
        String name = query.get("guard");
        String action = query.get("action");
        Optional<BreakerAction> chosen = BreakerAction.parse(action);
        if (chosen.isEmpty()) {
            throw new BadRequest(400, "action = " + action + ": not an operation (rule: one of " + BreakerAction.names() + ")");
        }
        Optional<Guard> guard = name == null ? Optional.empty() : registry.find(name);
        if (guard.isEmpty()) {
            throw new BadRequest(404, "no guard named '" + name + "'");
        }
        CircuitBreakerView breaker = guard.get().controls().circuitBreaker();
        BreakerMode before = breaker.mode();
        try {
            chosen.get().applyTo(breaker);
        } catch (UnsupportedOperationException refused) {
            throw new BadRequest(409, "guard '" + name + "': " + refused.getMessage());
        }
        String after = breaker.mode().name();
        String state = breaker.state().name();
        LOG.log(System.Logger.Level.INFO, "firebreak: guard '" + name + "': breaker " + chosen.get().spelled()
                + " through the stream server's operations: mode " + before + " -> " + after + ", state " + state);
        StringBuilder body = new StringBuilder();
        new JsonWriter(body).begin().field("guard", name).field("action", chosen.get().spelled())
                .field("from", before.name()).field("to", after).field("state", state).field("origin", "stream-server")
                .end();
        exchange.getResponseHeaders().set("Content-Type", "application/json");
        exchange.getResponseHeaders().set("Cache-Control", "no-store");
        Responses.safetyHeaders(exchange.getResponseHeaders());
        Responses.send(exchange, 200, (body + "\n").getBytes(StandardCharsets.UTF_8));
    }

    /* guard and action, each at most once; nothing else. */
    private static Map<String, String> parse(String rawQuery) throws BadRequest {
        if (rawQuery == null || rawQuery.isEmpty()) {
            throw new BadRequest(400, "guard and action are required (POST " + PATH + "?guard=<name>&action=<operation>)");
        }
        return StreamQuery.parameters(rawQuery, MAX_QUERY_LENGTH, List.of("guard", "action"));
    }
}
