package dev.firebreak.spring.boot.actuate;

import dev.firebreak.stream.DashboardAssets;
import java.util.Objects;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;

/**
 * Firebreak's dashboard page on the servlet stack (Spring MVC), at
 * {@code /actuator/firebreak-dashboard/} (under {@code management.endpoints.web.base-path}, next to
 * the stream, so what secures the actuator's paths secures it): firebreak-stream's files, each with
 * its content type and Content-Security-Policy. The page reads {@code ../hystrix.stream}, this
 * application's stream; {@code ?stream=URL} (several allowed) watches others, such as {@code /turbine.stream}.
 */
@Controller
public class DashboardServletHandler {

    private final DashboardAssets assets;

    /** Serves {@code assets}. */
    public DashboardServletHandler(DashboardAssets assets) {
        this.assets = Objects.requireNonNull(assets, "assets");
    }

    /** The page's address without its slash: redirected, so the page's relative links resolve. */
    @GetMapping("${management.endpoints.web.base-path:/actuator}/" + DashboardFiles.DIRECTORY)
    public ResponseEntity<Void> directory() {
        return ResponseEntity.status(HttpStatus.FOUND).header(HttpHeaders.LOCATION, DashboardFiles.DIRECTORY + "/").build();
    }

    /** The page. */
    @GetMapping("${management.endpoints.web.base-path:/actuator}/" + DashboardFiles.DIRECTORY + "/")
    public ResponseEntity<byte[]> page() {
        return file("");
    }

    /** One of the page's files; 404 for any other name. */
    @GetMapping("${management.endpoints.web.base-path:/actuator}/" + DashboardFiles.DIRECTORY + "/{file}")
    public ResponseEntity<byte[]> file(@PathVariable("file") String file) {
        return assets.file(file).map(asset -> {
            ResponseEntity.BodyBuilder response = ResponseEntity.ok().contentType(MediaType.parseMediaType(asset.contentType()));
            DashboardFiles.HEADERS.forEach(response::header);
            return response.body(asset.body());
        }).orElseGet(() -> ResponseEntity.notFound().build());
    }
}
