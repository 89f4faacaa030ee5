package dev.firebreak.stream;

import com.sun.net.httpserver.Headers;
import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Set;

/**
 * Serves one {@code GET /hystrix.stream} connection on the thread that handles it (one virtual thread
 * per connection): checks the query and the token, takes a slot (503 beyond the cap), sends the
 * headers and a first heartbeat, then writes whatever the emitter puts in the client's outbox until
 * the client leaves, is dropped, or the server stops. The slot is freed on every way out; a client
 * whose connection closes or resets is dropped at once by the connection's reader, so its slot never
 * waits for the next tick's write to fail.
 */
final class StreamHandler {

    private final ClientSlots slots;
    private final BearerToken token;
    private final long intervalMillis;
    private final int outboxFrames;
    private final Set<String> allowedOrigins;

    StreamHandler(ClientSlots slots, BearerToken token, long intervalMillis, int outboxFrames, Set<String> allowedOrigins) {
        this.slots = slots;
        this.token = token;
        this.intervalMillis = intervalMillis;
        this.outboxFrames = outboxFrames;
        this.allowedOrigins = allowedOrigins;
    }

    void serve(HttpExchange exchange) throws IOException, BadRequest {
        StreamQuery query = StreamQuery.parse(exchange.getRequestURI().getRawQuery(), intervalMillis);
        Headers request = exchange.getRequestHeaders();
        Headers response = exchange.getResponseHeaders();
        Cors.allow(request, response, allowedOrigins);
        if (token != null && !token.accepts(request.getFirst("Authorization"), query.accessToken())) {
            response.set("WWW-Authenticate", "Bearer realm=\"firebreak\"");
            throw new BadRequest(401, "a bearer token is required");
        }
        StreamClient client = new StreamClient(Thread.currentThread(), outboxFrames, query.everyNthTick());
        if (!slots.tryAdmit(client)) {
            throw new BadRequest(503, "MaxConcurrentConnections reached: " + slots.max());
        }
        if (exchange instanceof SocketExchange connection) {
            connection.watchPeer(client::drop); // a client that goes away frees its slot now, not at a write
        }
        try {
            Responses.safetyHeaders(response);
            response.set("Content-Type", "text/event-stream;charset=UTF-8");
            response.set("Cache-Control", "no-cache, no-store, max-age=0, must-revalidate");
            response.set("Pragma", "no-cache");
            exchange.sendResponseHeaders(200, 0);
            OutputStream out = exchange.getResponseBody();
            out.write(StreamFrames.PING);
            out.flush();
            while (!client.dropped()) {
                out.write(client.next());
                out.flush();
            }
        } catch (InterruptedException | IOException gone) {
            // Dropped (interrupt), the client left (broken pipe), or the server stops: all end here.
        } finally {
            slots.release(client);
            client.drop();
            // Closing writes the final chunk; with the interrupt flag set, a full socket fails that
            // write at once (and closes the channel) instead of blocking this thread.
            Thread.currentThread().interrupt();
            try {
                exchange.close();
            } catch (RuntimeException ignored) {
                // the connection is already gone
            }
            Thread.interrupted();
        }
    }
}
