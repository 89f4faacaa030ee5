package dev.firebreak.samples.declared;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;

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

    @GetMapping("/quotes/{id}")
    String quote(@PathVariable("id") String id) {
        return catalog.quote(id);
    }
}
