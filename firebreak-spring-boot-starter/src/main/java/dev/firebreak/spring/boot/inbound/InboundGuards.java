package dev.firebreak.spring.boot.inbound;

import dev.firebreak.Guard;
import dev.firebreak.GuardException;
import dev.firebreak.GuardRegistry;
import dev.firebreak.Isolation;
import dev.firebreak.context.Criticality;
import dev.firebreak.spring.boot.GuardRegistryHolder;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.http.server.PathContainer;

/**
 * What both filters share: the routes, the guards they name, the level of a request and the answer to a
 * refusal. A route's guard is the registry's guard of that name, built on first use with the inbound
 * defaults in code: SEMAPHORE isolation (the handler runs on the request's thread, or, on WebFlux,
 * through {@code submitAsync}, holding no thread) with 200 requests at once (Tomcat's default thread
 * count: the bound changes nothing until configured), and no timeout (a handler cannot be taken back,
 * so its latency is recorded, not cut). Every {@code firebreak.command.<guard>.*} key wins over these.
 */
public final class InboundGuards {

    /** Concurrent requests a route's semaphore admits unless configured. */
    static final int DEFAULT_CONCURRENCY = 200;

    private final GuardRegistryHolder registry;
    private final InboundSettings settings;
    private final InboundCriticality criticality;
    private final RetryAfter retryAfter;
    private final ConcurrentHashMap<String, Guard> guards = new ConcurrentHashMap<>();

    /** Guards in {@code registry} for {@code settings}' routes, levels counted by {@code criticality}. */
    public InboundGuards(GuardRegistryHolder registry, InboundSettings settings, InboundCriticality criticality) {
        this.registry = registry;
        this.settings = settings;
        this.criticality = criticality;
        this.retryAfter = new RetryAfter(settings.retryAfterMax());
    }

    /** The settings in force. */
    public InboundSettings settings() {
        return settings;
    }

    /** The most specific route matching {@code path} (within the application), or null. */
    InboundRoute match(PathContainer path) {
        List<InboundRoute> routes = settings.routes();
        for (InboundRoute route : routes) {
            if (route.pattern().matches(path)) {
                return route;
            }
        }
        return null;
    }

    /** The level of a request on {@code route} (null: a path under no guard, capped at the default) with {@code header}. */
    Criticality level(InboundRoute route, String header) {
        return criticality.resolve(header, route == null ? Criticality.DEFAULT : route.maxCriticality());
    }

    /** The answer to {@code refusal} by {@code guard}. */
    InboundRefusal refusal(Guard guard, GuardException refusal) {
        return InboundRefusal.of(refusal, retryAfter.seconds(guard, refusal));
    }

    /** Builds every route's guard now, so they show on the endpoints and the meters before a first request. */
    public void createGuards() {
        settings.routes().forEach(route -> guard(route.guard()));
    }

    /** The guard named {@code name}, built with the inbound defaults if the registry has none yet. */
    Guard guard(String name) {
        Guard known = guards.get(name);
        if (known != null && !known.controls().registry().isClosed()) {
            return known;
        }
        GuardRegistry guards = registry.get();
        Guard guard = guards.find(name).orElseGet(() -> {
            try {
                return guards.guard(name).isolation(Isolation.semaphore(DEFAULT_CONCURRENCY))
                        .configure(c -> c.timeout(t -> t.enabled(false))).build();
            } catch (IllegalArgumentException | IllegalStateException raced) {
                return guards.find(name).orElseThrow(() -> raced); // another thread built it first
            }
        });
        this.guards.put(name, guard);
        return guard;
    }
}
