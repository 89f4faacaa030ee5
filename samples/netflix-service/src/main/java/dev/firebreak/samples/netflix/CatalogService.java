package dev.firebreak.samples.netflix;

import com.netflix.hystrix.contrib.javanica.annotation.HystrixCommand;
import com.netflix.hystrix.contrib.javanica.cache.annotation.CacheKey;
import com.netflix.hystrix.contrib.javanica.cache.annotation.CacheRemove;
import com.netflix.hystrix.contrib.javanica.cache.annotation.CacheResult;
import org.springframework.stereotype.Service;

/** Catalog items with the request cache: read once per HTTP request, removed when updated. */
@Service
public class CatalogService {

    private final Downstream downstream;

    /** Reads from {@code downstream}. */
    public CatalogService(Downstream downstream) {
        this.downstream = downstream;
    }

    /** An item, cached in the request under its id. */
    @CacheResult
    @HystrixCommand(commandKey = "itemById")
    public Item item(@CacheKey String id) {
        return new Item(id, downstream.get("/items/" + id));
    }

    /** Saves an item and removes it from the request cache of {@code itemById}. */
    @CacheRemove(commandKey = "itemById")
    @HystrixCommand
    public void update(@CacheKey("id") Item item) {
        downstream.get("/items/" + item.id() + "/save?title=" + item.title());
    }

    /**
     * A catalog item.
     *
     * @param id its id
     * @param title its title
     */
    public record Item(String id, String title) {
    }
}
