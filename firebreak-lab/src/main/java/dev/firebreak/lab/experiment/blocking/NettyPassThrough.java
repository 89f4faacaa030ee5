package dev.firebreak.lab.experiment.blocking;

import dev.firebreak.Guard;
import dev.firebreak.lab.service.DemoService;
import java.net.URI;
import java.time.Duration;
import reactor.core.publisher.Mono;
import reactor.netty.DisposableServer;
import reactor.netty.http.client.HttpClient;
import reactor.netty.http.server.HttpServer;
import reactor.netty.resources.ConnectionProvider;

/**
 * The pass-through on Reactor Netty (the runtime of Spring WebFlux and its WebClient): the handler
 * starts the downstream call through {@code guard.submitAsync} and answers when it completes; no
 * thread waits for the downstream.
 */
final class NettyPassThrough implements PassThroughService {

    private record Answer(int status, String delay, String body) {
    }

    private final ConnectionProvider connections;
    private final DisposableServer server;

    NettyPassThrough(URI downstream, Guard guard) {
        // WebClient's default pool allows 500 connections and 1000 waiting; the seed's load needs more
        // at once, so the pool is as large as the guard's bound.
        connections = ConnectionProvider.builder("downstream").maxConnections(PassThroughService.UNBOUNDED)
                .pendingAcquireMaxCount(-1).pendingAcquireTimeout(Duration.ofSeconds(30)).build();
        HttpClient client = HttpClient.create(connections).baseUrl(downstream.toString()).responseTimeout(Duration.ofSeconds(30));
        server = HttpServer.create().host("127.0.0.1").port(0)
                .route(routes -> routes.get(PATH, (request, response) -> Mono
                        .fromFuture(() -> guard.submitAsync(() -> client.get().uri("/integers?n=1")
                                .responseSingle((head, body) -> body.asString().defaultIfEmpty("")
                                        .map(text -> new Answer(head.status().code(), head.responseHeaders().get(DOWNSTREAM_HEADER), text)))
                                .toFuture()))
                        .flatMap(answer -> {
                            var out = response.status(answer.status() == 200 ? 200 : 503);
                            if (answer.delay() != null) {
                                out = out.header(DemoService.DOWNSTREAM_DELAY_HEADER, answer.delay());
                            }
                            return out.sendString(Mono.just(answer.body())).then();
                        })
                        .onErrorResume(e -> response.status(503).sendString(Mono.just(e.toString())).then())))
                .bindNow();
    }

    @Override
    public int port() {
        return server.port();
    }

    @Override
    public void close() {
        server.disposeNow();
        connections.dispose();
    }
}
