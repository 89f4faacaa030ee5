package dev.firebreak.samples.netflix;

import com.netflix.hystrix.HystrixRequestLog;
import com.netflix.hystrix.exception.HystrixRuntimeException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** The service's HTTP API; each endpoint calls one annotated method. */
@RestController
public class ServiceController {

    private final UserService users;
    private final ReportService reports;
    private final ProductService products;
    private final CatalogService catalog;
    private final InventoryService inventory;
    private final AccountService accounts;

    ServiceController(UserService users, ReportService reports, ProductService products, CatalogService catalog,
                      InventoryService inventory, AccountService accounts) {
        this.users = users;
        this.reports = reports;
        this.products = products;
        this.catalog = catalog;
        this.inventory = inventory;
        this.accounts = accounts;
    }

    @GetMapping("/users/{id}/name")
    String name(@PathVariable String id) {
        return users.name(id);
    }

    @GetMapping("/users/{id}/description")
    String description(@PathVariable String id) {
        return users.describe(id);
    }

    @GetMapping("/users/{id}/primary")
    String primary(@PathVariable String id) {
        return users.primary(id);
    }

    @GetMapping("/users/{id}/nickname")
    String nickname(@PathVariable String id) {
        return users.nickname(id);
    }

    @GetMapping("/users/{id}/strict")
    String strict(@PathVariable String id) throws UserNotFoundException {
        return users.strict(id);
    }

    @GetMapping("/accounts/{id}/balance")
    String balance(@PathVariable String id) {
        return accounts.balance(id);
    }

    @GetMapping("/reports/monthly/{month}")
    String monthly(@PathVariable String month) {
        return reports.monthly(month);
    }

    @GetMapping("/reports/yearly/{year}")
    String yearly(@PathVariable String year) {
        return reports.yearly(year);
    }

    /** Asks for each product separately; the REQUEST collapser batches them. */
    @GetMapping("/products")
    String products(@RequestParam List<Integer> ids) throws InterruptedException, ExecutionException {
        List<Future<String>> pending = new ArrayList<>();
        for (Integer id : ids) {
            pending.add(products.product(id));
        }
        List<String> names = new ArrayList<>();
        for (Future<String> future : pending) {
            names.add(future.get());
        }
        return String.join(",", names) + "\n" + HystrixRequestLog.getCurrentRequest().getExecutedCommandsAsString();
    }

    @GetMapping("/prices/{id}")
    String price(@PathVariable Integer id) {
        return products.price(id);
    }

    /** Reads an item twice: the second read comes from the request cache. */
    @GetMapping("/items/{id}/twice")
    String itemTwice(@PathVariable String id) {
        String first = catalog.item(id).title();
        String second = catalog.item(id).title();
        return first + "," + second + "\n" + HystrixRequestLog.getCurrentRequest().getExecutedCommandsAsString();
    }

    /** Reads, updates and reads again: the update removes the cached item. */
    @GetMapping("/items/{id}/update")
    String updateItem(@PathVariable String id, @RequestParam String title) {
        String before = catalog.item(id).title();
        catalog.update(new CatalogService.Item(id, title));
        String after = catalog.item(id).title();
        return before + "," + after + "\n" + HystrixRequestLog.getCurrentRequest().getExecutedCommandsAsString();
    }

    @GetMapping("/inventory/{id}")
    String stock(@PathVariable String id) {
        return inventory.stock(id);
    }

    @ExceptionHandler(UserNotFoundException.class)
    ResponseEntity<String> notFound(UserNotFoundException e) {
        return ResponseEntity.status(HttpStatus.NOT_FOUND).body(e.getClass().getSimpleName() + ": " + e.getMessage());
    }

    @ExceptionHandler(HystrixRuntimeException.class)
    ResponseEntity<String> hystrixFailure(HystrixRuntimeException e) {
        return ResponseEntity.status(HttpStatus.SERVICE_UNAVAILABLE)
                .body("HystrixRuntimeException " + e.getFailureType() + ": " + e.getCause().getClass().getSimpleName());
    }
}
