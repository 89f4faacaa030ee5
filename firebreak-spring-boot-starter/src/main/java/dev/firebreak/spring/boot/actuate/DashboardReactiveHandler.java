package dev.firebreak.spring.boot.actuate;

import dev.firebreak.stream.DashboardAssets;
import java.net.URI;
import java.util.Objects;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerResponse;
import reactor.core.publisher.Mono;

/**
 * Firebreak's dashboard page on WebFlux, at {@code /actuator/firebreak-dashboard/} as on the servlet
 * stack ({@link DashboardServletHandler}).
 */
public final class DashboardReactiveHandler {

    private final DashboardAssets assets;

    /** Serves {@code assets}. */
    public DashboardReactiveHandler(DashboardAssets assets) {
        this.assets = Objects.requireNonNull(assets, "assets");
    }

    /** The routes under {@code basePath + "/firebreak-dashboard"}. */
    public RouterFunction<ServerResponse> route(String basePath) {
        String directory = basePath + "/" + DashboardFiles.DIRECTORY;
        return RouterFunctions.route()
                .GET(directory, request -> ServerResponse.status(HttpStatus.FOUND)
                        .location(URI.create(DashboardFiles.DIRECTORY + "/")).build())
                .GET(directory + "/", request -> file(""))
                .GET(directory + "/{file}", request -> file(request.pathVariable("file")))
                .build();
    }

    private Mono<ServerResponse> file(String name) {
        return assets.file(name).map(asset -> {
            ServerResponse.BodyBuilder response = ServerResponse.ok().contentType(MediaType.parseMediaType(asset.contentType()));
            DashboardFiles.HEADERS.forEach((header, value) -> response.header(header, value));
            return response.bodyValue(asset.body());
        }).orElseGet(() -> ServerResponse.notFound().build());
    }
}
