package dev.firebreak.spring.boot.chaos;

import dev.firebreak.chaos.ChaosTags;
import dev.firebreak.context.RequestContext;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import org.springframework.beans.factory.BeanFactory;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.core.env.Environment;

/**
 * The starter's chaos keys: {@code firebreak.chaos.enabled} (whether the starter's registry allows fault
 * injection at all; false by default, so {@code chaos.*} keys alone change nothing) and
 * {@code firebreak.chaos.headers} (request headers whose values become the request's {@link ChaosTags},
 * which a guard's {@code chaos.tags} scope matches). The header filters use {@link #tagsOf}.
 */
public final class ChaosHeaders {

    /** Whether the starter's registry allows chaos. */
    public static final String ENABLED = "firebreak.chaos.enabled";
    /** The request headers copied into the request context's chaos tags. */
    public static final String HEADERS = "firebreak.chaos.headers";

    private final List<String> names;

    ChaosHeaders(List<String> names) {
        this.names = names.stream().map(String::strip).filter(n -> !n.isEmpty()).toList();
    }

    /** The headers {@code environment} configures (empty when none). */
    static ChaosHeaders of(Environment environment) {
        return new ChaosHeaders(Binder.get(environment).bind(HEADERS, Bindable.listOf(String.class)).orElse(List.of()));
    }

    /** Whether {@code firebreak.chaos.enabled} is true in the bean factory's {@code Environment} (false if it has none). */
    public static boolean allowed(BeanFactory beanFactory) {
        Environment environment = beanFactory.getBeanProvider(Environment.class).getIfAvailable();
        return environment != null && environment.getProperty(ENABLED, Boolean.class, false);
    }

    /** The configured header names. */
    List<String> names() {
        return names;
    }

    /**
     * The tags a request carries: every value of every configured header ({@code values} gives a header's
     * values by name, null or empty when absent), split at commas, stripped; empty when none.
     */
    List<String> tagsOf(Function<String, List<String>> values) {
        List<String> tags = new ArrayList<>();
        for (String name : names) {
            List<String> given = values.apply(name);
            if (given == null) {
                continue;
            }
            for (String value : given) {
                for (String part : value.split(",")) {
                    if (!part.isBlank()) {
                        tags.add(part.strip());
                    }
                }
            }
        }
        return tags;
    }

    /** Adds {@code tags} to {@code context}'s chaos tags. */
    static void tag(RequestContext context, List<String> tags) {
        ChaosTags carried = ChaosTags.of(context);
        tags.forEach(carried::add);
    }

    /** The values of an enumeration, as a servlet request gives a header's. */
    static List<String> list(Enumeration<String> values) {
        List<String> list = new ArrayList<>();
        while (values != null && values.hasMoreElements()) {
            list.add(values.nextElement());
        }
        return list;
    }

    @Override
    public String toString() {
        return "ChaosHeaders" + names.stream().map(n -> n.toLowerCase(Locale.ROOT)).toList();
    }
}
