package dev.firebreak.samples.declared;

import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.client.HttpClientErrorException;

/** The service's HTTP API: one route per declared dependency call. */
@RestController
public class CatalogController {

    private final CatalogService catalog;

    /** The routes over {@code catalog}. */
    public CatalogController(CatalogService catalog) {
        this.catalog = catalog;
    }

    @GetMapping("/items/{id}")
    String item(@PathVariable("id") String id) {
        return catalog.item(id);
    }

    @GetMapping("/prices/{id}")
    String price(@PathVariable("id") String id) {
        return catalog.price(id);
    }

    @GetMapping("/stock/{id}")
    String stock(@PathVariable("id") String id) {
        return catalog.stock(id);
    }

    /** A 4xx from the downstream is the caller's (classified so: passed through, never retried). */
    @ExceptionHandler(HttpClientErrorException.class)
    ResponseEntity<String> notFound(HttpClientErrorException problem) {
        return ResponseEntity.status(HttpStatus.valueOf(problem.getStatusCode().value())).body("no such thing");
    }

    @GetMapping("/quotes/{id}")
    String quote(@PathVariable("id") String id) {
        return catalog.quote(id);
    }
}
