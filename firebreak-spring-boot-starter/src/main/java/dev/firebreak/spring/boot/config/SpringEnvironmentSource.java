package dev.firebreak.spring.boot.config;

import dev.firebreak.live.PropertySource;
import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.EnumerablePropertySource;

/**
 * The Spring {@code Environment} as a Firebreak {@link PropertySource}: every key starting with
 * {@code firebreak.} or {@code hystrix.}, from every enumerable property source ({@code application.yml},
 * profiles, system properties, environment variables written as those keys, a config server's), each
 * read through the Environment so Spring's own precedence and placeholders apply. Other keys are not read.
 *
 * <p>A YAML list ({@code ignoreExceptions: [a, b]}, which Spring spells {@code ...ignoreExceptions[0]}, ...)
 * is read as the one comma-separated key the core reads; the strongest source holding the key, in
 * either spelling, gives all of it.
 *
 * <p>Each {@link #read()} walks the Environment again, so a poll sees every change; {@link #changed()}
 * pushes one at once (on a refresh event).
 *
 * <p>Named base configurations are resolved in each read: {@code firebreak.command.<guard>.baseConfig: <name>}
 * gives the guard every property of {@code firebreak.configs.<name>.*} that it does not set itself, as
 * keys of its own. A read in which a base is refused (an undefined name, a base for the {@code default}
 * section or of a base, a key or value its property refuses) fails, naming the key, its value and the
 * rule: at startup the start fails, later the last good snapshot stays in force. A later snapshot is
 * validated whole as a store's is ({@link #isStore()}).
 */
public final class SpringEnvironmentSource implements PropertySource {

    private final ConfigurableEnvironment environment;
    private final CopyOnWriteArrayList<Runnable> listeners = new CopyOnWriteArrayList<>();

    /** The source over {@code environment}. */
    public SpringEnvironmentSource(ConfigurableEnvironment environment) {
        this.environment = Objects.requireNonNull(environment, "environment");
    }

    /**
     * Whether {@code key} is handed to Firebreak's live configuration: every {@code firebreak.} and
     * {@code hystrix.} key. The configuration reads those under its scopes (commands, thread pools,
     * collapsers, retry and hedging policies, and any scope a later version adds) and ignores the others,
     * such as the starter's own
     * {@code firebreak.stream.*} settings.
     */
    static boolean isFirebreakKey(String key) {
        return key.startsWith("firebreak.") || key.startsWith("hystrix.");
    }

    /**
     * True: the Environment is read whole at each refresh (a config server's or a configuration store's
     * property source is replaced whole by Spring Cloud), so a refresh with a value refused anywhere is
     * refused whole, its last valid snapshot kept, and one that lost most keys in force waits to settle.
     */
    @Override
    public boolean isStore() {
        return true;
    }

    @Override
    public String name() {
        return "Spring Environment";
    }

    @Override
    public Map<String, String> read() throws IOException {
        Map<String, String> snapshot = new HashMap<>();
        ListKeys lists = new ListKeys();
        int ordinal = 0;
        for (org.springframework.core.env.PropertySource<?> source : environment.getPropertySources()) {
            ordinal++;
            if (source instanceof EnumerablePropertySource<?> enumerable) {
                for (String key : enumerable.getPropertyNames()) {
                    if (!isFirebreakKey(key) || !lists.claim(key, ordinal) || snapshot.containsKey(key)) {
                        continue;
                    }
                    if (ListKeys.base(key) == null) {
                        snapshot.put(key, resolve(key));
                    } else {
                        lists.item(key, resolve(key));
                    }
                }
            }
        }
        snapshot.values().removeIf(Objects::isNull);
        lists.joinInto(snapshot);
        return BaseConfigs.apply(snapshot);
    }

    private String resolve(String key) throws IOException {
        try {
            return environment.getProperty(key);
        } catch (RuntimeException unresolvable) { // a placeholder that names nothing
            throw new IOException("cannot resolve " + key + ": " + unresolvable.getMessage(), unresolvable);
        }
    }

    /** Tells the subscribed configuration that the Environment changed, so it reads it now. */
    public void changed() {
        for (Runnable listener : listeners) {
            listener.run();
        }
    }

    @Override
    public void addChangeListener(Runnable listener) {
        listeners.add(Objects.requireNonNull(listener, "listener"));
    }

    @Override
    public void removeChangeListener(Runnable listener) {
        listeners.remove(listener);
    }
}
