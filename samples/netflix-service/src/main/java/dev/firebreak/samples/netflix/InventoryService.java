package dev.firebreak.samples.netflix;

import com.netflix.hystrix.contrib.javanica.annotation.HystrixCommand;
import com.netflix.hystrix.contrib.javanica.annotation.HystrixProperty;
import org.springframework.stereotype.Service;

/** Stock levels, behind a circuit breaker that opens after a few failures. */
@Service
public class InventoryService {

    private final Downstream downstream;

    /** Reads from {@code downstream}. */
    public InventoryService(Downstream downstream) {
        this.downstream = downstream;
    }

    /** The stock of an item; the circuit opens when half of at least five calls fail. */
    @HystrixCommand(commandKey = "inventory", fallbackMethod = "unknownStock", commandProperties = {
            @HystrixProperty(name = "circuitBreaker.requestVolumeThreshold", value = "5"),
            @HystrixProperty(name = "circuitBreaker.errorThresholdPercentage", value = "50"),
            @HystrixProperty(name = "circuitBreaker.sleepWindowInMilliseconds", value = "600000")})
    public String stock(String id) {
        return downstream.get("/inventory/" + id);
    }

    String unknownStock(String id, Throwable cause) {
        return "unknown (" + cause.getMessage() + ")";
    }
}
