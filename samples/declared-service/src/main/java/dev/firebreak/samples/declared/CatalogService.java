package dev.firebreak.samples.declared;

import dev.firebreak.GuardException;
import dev.firebreak.spring.annotation.Guarded;
import org.springframework.stereotype.Service;

/**
 * Every call to the downstream, each under its guard and policy as application.yml declares them; the
 * fallbacks say what they answered for, so the tests (and a reader of the responses) can see it.
 */
@Service
public class CatalogService {

    private final Downstream downstream;

    /** The service over {@code downstream}. */
    public CatalogService(Downstream downstream) {
        this.downstream = downstream;
    }

    /** An item: retried by {@code catalog-retry} (each attempt through the guard), then the fallback once. */
    @Guarded(name = "catalog", retry = "catalog-retry", fallbackMethod = "itemUnavailable")
    public String item(String id) {
        return downstream.get("/items/" + id);
    }

    // Typed fallbacks: the most specific parameter type wins, the Throwable one catches the rest.
    String itemUnavailable(String id, GuardException refused) {
        return "item " + id + " unavailable: refused (" + refused.getClass().getSimpleName() + ")";
    }

    String itemUnavailable(String id, Throwable cause) {
        return "item " + id + " unavailable (" + cause.getClass().getSimpleName() + ")";
    }

    /** A price: a read, marked idempotent, hedged by {@code prices-hedge} when the first answer is slow. */
    @Guarded(name = "prices", hedge = "prices-hedge", idempotent = true)
    public String price(String id) {
        return downstream.get("/prices/" + id);
    }

    /** Stock: a breaker on a COUNT window of the last 10 calls. */
    @Guarded(name = "stock", fallbackMethod = "stockUnknown")
    public String stock(String id) {
        return downstream.get("/stock/" + id);
    }

    String stockUnknown(String id, Throwable cause) {
        return "stock of " + id + " unknown (" + (cause instanceof GuardException ? cause.getClass().getSimpleName()
                : "downstream failed") + ")";
    }

    /** A partner's quote: a rate limiter alone (the built-in base {@code firebreak-rate-limiter}). */
    @Guarded(name = "partner", fallbackMethod = "quoteLater")
    public String quote(String id) {
        return downstream.get("/quotes/" + id);
    }

    String quoteLater(String id, Throwable cause) {
        return "quote for " + id + " later (" + cause.getClass().getSimpleName() + ")";
    }
}
