package dev.firebreak.samples.netflix;

import com.netflix.hystrix.HystrixCollapser.Scope;
import com.netflix.hystrix.contrib.javanica.annotation.HystrixCollapser;
import com.netflix.hystrix.contrib.javanica.annotation.HystrixCommand;
import com.netflix.hystrix.contrib.javanica.annotation.HystrixProperty;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Future;
import java.util.stream.Collectors;
import org.springframework.stereotype.Service;

/** Products and prices, read one by one by callers and in batches from the downstream. */
@Service
public class ProductService {

    private final Downstream downstream;

    /** Reads from {@code downstream}. */
    public ProductService(Downstream downstream) {
        this.downstream = downstream;
    }

    /** One product; the calls of one HTTP request go to the downstream together. */
    @HystrixCollapser(batchMethod = "products", scope = Scope.REQUEST,
            collapserProperties = @HystrixProperty(name = "timerDelayInMilliseconds", value = "50"))
    public Future<String> product(Integer id) {
        throw new UnsupportedOperationException("collapsed: products(List) runs instead");
    }

    /** The batch of {@link #product(Integer)}. */
    @HystrixCommand
    public List<String> products(List<Integer> ids) {
        return split(downstream.get("/products?ids=" + join(ids)));
    }

    /** One price; the calls of concurrent HTTP requests go to the downstream together. */
    @HystrixCollapser(batchMethod = "prices", scope = Scope.GLOBAL,
            collapserProperties = @HystrixProperty(name = "timerDelayInMilliseconds", value = "200"))
    public String price(Integer id) {
        throw new UnsupportedOperationException("collapsed: prices(List) runs instead");
    }

    /** The batch of {@link #price(Integer)}. */
    @HystrixCommand
    public List<String> prices(List<Integer> ids) {
        return split(downstream.get("/prices?ids=" + join(ids)));
    }

    private static String join(List<Integer> ids) {
        return ids.stream().map(String::valueOf).collect(Collectors.joining(","));
    }

    private static List<String> split(String body) {
        return Arrays.asList(body.split(","));
    }
}
