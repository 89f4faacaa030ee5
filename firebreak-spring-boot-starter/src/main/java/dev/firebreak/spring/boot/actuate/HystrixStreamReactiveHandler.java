package dev.firebreak.spring.boot.actuate;

import dev.firebreak.GuardRegistry;
import dev.firebreak.stream.StreamFeed;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Objects;
import java.util.function.BiFunction;
import java.util.function.Supplier;
import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.core.io.buffer.DefaultDataBufferFactory;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.web.reactive.function.BodyInserters;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerRequest;
import org.springframework.web.reactive.function.server.ServerResponse;
import reactor.core.publisher.Flux;
import reactor.core.publisher.FluxSink;
import reactor.core.publisher.Mono;

/**
 * {@code /actuator/hystrix.stream} on WebFlux, on the application's port: the frames of
 * firebreak-stream's {@link StreamFeed} as the response body, unchanged. A slow client gets the latest
 * tick, never a growing buffer; a client that leaves cancels the body, which ends its feed.
 */
public final class HystrixStreamReactiveHandler {

    private static final MediaType EVENT_STREAM = new MediaType("text", "event-stream", StandardCharsets.UTF_8);

    private final BiFunction<Duration, StreamFeed.Subscriber, StreamFeed> feeds;
    private final StreamConnections connections;

    /** Streams {@code registry} within {@code connections}' cap. */
    public HystrixStreamReactiveHandler(GuardRegistry registry, StreamConnections connections) {
        this(fixed(Objects.requireNonNull(registry, "registry")), connections);
    }

    /**
     * Streams the registry {@code registry} gives when a stream opens (the starter's is made at its first
     * use: the first stream may be that use), within {@code connections}' cap.
     */
    public HystrixStreamReactiveHandler(Supplier<GuardRegistry> registry, StreamConnections connections) {
        Objects.requireNonNull(registry, "registry");
        this.feeds = (interval, subscriber) -> StreamFeed.start(registry.get(), interval, subscriber);
        this.connections = Objects.requireNonNull(connections, "connections");
    }

    /** Streams the frames {@code feeds} starts (an aggregate's, for {@code /turbine.stream}) within {@code connections}' cap. */
    HystrixStreamReactiveHandler(BiFunction<Duration, StreamFeed.Subscriber, StreamFeed> feeds, StreamConnections connections) {
        this.feeds = Objects.requireNonNull(feeds, "feeds");
        this.connections = Objects.requireNonNull(connections, "connections");
    }

    private static Supplier<GuardRegistry> fixed(GuardRegistry registry) {
        return () -> registry;
    }

    /** The route at {@code basePath + "/hystrix.stream"}. */
    public RouterFunction<ServerResponse> route(String basePath) {
        return routeAt(basePath + "/hystrix.stream");
    }

    /** The route at {@code path}. */
    RouterFunction<ServerResponse> routeAt(String path) {
        return RouterFunctions.route().GET(path, this::stream).build();
    }

    /** Opens one stream; 503 beyond the connection cap, 400 for a bad {@code delay}. */
    Mono<ServerResponse> stream(ServerRequest request) {
        Duration interval;
        try {
            interval = connections.interval(request.queryParam("delay").orElse(null));
        } catch (IllegalArgumentException bad) {
            return ServerResponse.badRequest().contentType(MediaType.TEXT_PLAIN).bodyValue(bad.getMessage() + "\n");
        }
        StreamConnections.Slot slot = connections.tryOpen();
        if (slot == null) {
            return ServerResponse.status(HttpStatus.SERVICE_UNAVAILABLE).contentType(MediaType.TEXT_PLAIN)
                    .bodyValue(connections.fullMessage());
        }
        Flux<DataBuffer> body = Flux.<DataBuffer>create(sink -> {
            StreamFeed feed = feeds.apply(interval, bytes -> {
                if (sink.isCancelled()) {
                    throw new IllegalStateException("client left");
                }
                sink.next(DefaultDataBufferFactory.sharedInstance.wrap(bytes));
            });
            sink.onDispose(() -> {
                feed.close();
                slot.close();
            });
        }, FluxSink.OverflowStrategy.LATEST).doFinally(signal -> slot.close());
        return ServerResponse.ok().contentType(EVENT_STREAM)
                .header("Cache-Control", "no-cache, no-store, max-age=0, must-revalidate")
                .header("Pragma", "no-cache")
                .body(BodyInserters.fromDataBuffers(body));
    }
}
