package dev.firebreak.chaos;

import dev.firebreak.context.RequestContext;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The chaos tags a request carries, in its {@link RequestContext}: a guard whose {@code chaos.tags} is set
 * injects only into calls made inside a request context carrying one of them. The core knows no headers;
 * the Spring Boot starter fills the tags from the request headers {@code firebreak.chaos.headers} names
 * (each header's values become tags), and a test or a filter of one's own may add them:
 *
 * <pre>{@code
 * try (RequestContext ctx = RequestContext.open()) {
 *     ChaosTags.of(ctx).add("checkout-latency");
 *     ...
 * }
 * }</pre>
 */
public final class ChaosTags {

    private static final Object KEY = new Object();

    private final Set<String> tags = ConcurrentHashMap.newKeySet();

    private ChaosTags() {
    }

    /** The tags of {@code context} (made empty on first use). */
    public static ChaosTags of(RequestContext context) {
        return context.attachment(KEY, key -> new ChaosTags());
    }

    /** Adds {@code tag} (blank ones are ignored); returns this. */
    public ChaosTags add(String tag) {
        Objects.requireNonNull(tag, "tag");
        String t = tag.strip();
        if (!t.isEmpty()) {
            tags.add(t);
        }
        return this;
    }

    /** Whether {@code tag} was added. */
    public boolean contains(String tag) {
        return tags.contains(tag);
    }

    /** The tags, a snapshot. */
    public Set<String> all() {
        return Set.copyOf(tags);
    }

    /** Whether the current request context carries any of {@code wanted}. */
    static boolean currentCarriesAnyOf(String[] wanted) {
        RequestContext context = RequestContext.currentOrNull();
        if (context == null) {
            return false;
        }
        ChaosTags carried = context.attachment(KEY, key -> null);
        if (carried == null) {
            return false;
        }
        for (String tag : wanted) {
            if (carried.tags.contains(tag)) {
                return true;
            }
        }
        return false;
    }

    @Override
    public String toString() {
        return "ChaosTags" + tags;
    }
}
