package dev.firebreak.live;

import java.util.HashMap;
import java.util.Map;
import java.util.Properties;

/**
 * The JVM's system properties ({@code -Dfirebreak.command.default.execution.isolation.thread.timeoutInMilliseconds=500}),
 * read on every refresh, so {@code System.setProperty} applies at the next poll.
 */
public final class SystemPropertiesSource implements PropertySource {

    private static final SystemPropertiesSource INSTANCE = new SystemPropertiesSource();

    private SystemPropertiesSource() {
    }

    /** The source. */
    public static SystemPropertiesSource instance() {
        return INSTANCE;
    }

    @Override
    public String name() {
        return "system properties";
    }

    @Override
    public Map<String, String> read() {
        Properties system = System.getProperties();
        Map<String, String> snapshot = new HashMap<>();
        for (String key : system.stringPropertyNames()) {
            if (key.startsWith("firebreak.") || key.startsWith("hystrix.")) {
                String value = system.getProperty(key);
                if (value != null) {
                    snapshot.put(key, value);
                }
            }
        }
        return snapshot;
    }
}
