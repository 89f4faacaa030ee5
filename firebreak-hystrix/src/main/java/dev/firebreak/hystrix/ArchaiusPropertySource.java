package dev.firebreak.hystrix;

import com.netflix.config.ConfigurationManager;
import dev.firebreak.live.PropertySource;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.commons.configuration.AbstractConfiguration;
import org.apache.commons.configuration.event.ConfigurationListener;

/**
 * Archaius 1's configuration ({@code ConfigurationManager.getConfigInstance()}) as a Firebreak
 * property source: its {@code hystrix.*} keys, pushed to the dynamic configuration as soon as
 * Archaius reports a change, so {@code ConfigurationManager.getConfigInstance().setProperty(...)}
 * reaches running commands before it returns.
 */
public final class ArchaiusPropertySource implements PropertySource {

    private final AbstractConfiguration configuration;
    private final CopyOnWriteArrayList<Runnable> listeners = new CopyOnWriteArrayList<>();
    private final ConfigurationListener onChange = event -> {
        if (!event.isBeforeUpdate()) {
            for (Runnable listener : listeners) {
                listener.run();
            }
        }
    };

    /** The source over Archaius's process-wide configuration. */
    public ArchaiusPropertySource() {
        this(ConfigurationManager.getConfigInstance());
    }

    /** The source over {@code configuration}. */
    public ArchaiusPropertySource(AbstractConfiguration configuration) {
        this.configuration = configuration;
        configuration.addConfigurationListener(onChange);
    }

    @Override
    public String name() {
        return "archaius";
    }

    @Override
    public Map<String, String> read() {
        Map<String, String> values = new LinkedHashMap<>();
        for (Iterator<String> keys = configuration.getKeys("hystrix"); keys.hasNext(); ) {
            String key = keys.next();
            Object value = configuration.getProperty(key);
            if (value != null) {
                values.put(key, value instanceof Iterable<?> list ? String.join(",", stringsOf(list)) : value.toString().trim());
            }
        }
        return values;
    }

    private static Iterable<String> stringsOf(Iterable<?> list) {
        List<String> out = new ArrayList<>();
        list.forEach(item -> out.add(String.valueOf(item)));
        return out;
    }

    @Override
    public void addChangeListener(Runnable listener) {
        listeners.add(listener);
    }

    @Override
    public void removeChangeListener(Runnable listener) {
        listeners.remove(listener);
    }

    /** Stops listening to Archaius. */
    void detach() {
        configuration.removeConfigurationListener(onChange);
    }
}
