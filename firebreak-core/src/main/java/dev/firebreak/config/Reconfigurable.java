package dev.firebreak.config;

import java.util.Objects;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * A running object that takes a new configuration record while it runs: how dynamic configuration
 * reaches collapsers (and anything else with a name and a config record) without knowing their code.
 *
 * @param <C> the config record
 */
public interface Reconfigurable<C> {

    /** The instance name used in keys, e.g. the collapser's name. */
    String name();

    /** The configuration in force. */
    C config();

    /**
     * Applies {@code next}. Dynamic configuration only changes live properties on a running object;
     * returns false if a property fixed at creation differs (it was not applied).
     */
    boolean reconfigure(C next);

    /** An adapter over an object's name, configuration getter and reconfigure method. */
    static <C> Reconfigurable<C> of(String name, Supplier<C> config, Predicate<C> reconfigure) {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(config, "config");
        Objects.requireNonNull(reconfigure, "reconfigure");
        return new Reconfigurable<>() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public C config() {
                return config.get();
            }

            @Override
            public boolean reconfigure(C next) {
                return reconfigure.test(next);
            }

            @Override
            public String toString() {
                return "Reconfigurable[" + name + "]";
            }
        };
    }
}
