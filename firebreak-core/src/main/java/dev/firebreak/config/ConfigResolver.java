package dev.firebreak.config;

/**
 * The hook a registry calls when it creates a guard or a pool (and a collapser or call policy calls
 * when it is built): turns the configuration the code gave into the one the new object starts with, so
 * properties fixed at creation, such as the isolation strategy, take effect this way. It speaks in
 * {@link ConfigScope}s, so it knows no kind of object in particular. {@link #bind} subscribes an
 * object kept outside the registry (a collapser built by hand) to live changes. Live configuration
 * ({@code dev.firebreak.live.DynamicConfiguration}) installs itself here; {@link #codeOnly()}
 * is the default.
 */
public interface ConfigResolver {

    /** The configuration a new object of {@code scope} named {@code name} starts with, given its builder's {@code fromCode}. */
    <C> C resolve(ConfigScope<C, ?> scope, String name, C fromCode);

    /**
     * Subscribes a running object of {@code scope} to live changes of its properties until the
     * returned registration is closed. {@code fromCode} is what its builder gave (the "instance default
     * from code" layer).
     */
    <C> Registration bind(ConfigScope<C, ?> scope, Reconfigurable<C> target, C fromCode);

    /** The resolver that changes nothing: every object starts with its code's configuration. */
    static ConfigResolver codeOnly() {
        return CodeOnly.INSTANCE;
    }

    /** A subscription; closing it twice is harmless. */
    @FunctionalInterface
    interface Registration extends AutoCloseable {
        /** Ends the subscription. */
        @Override
        void close();
    }

    /** The resolver of {@link #codeOnly()}. */
    enum CodeOnly implements ConfigResolver {
        /** The one instance. */
        INSTANCE;

        @Override
        public <C> C resolve(ConfigScope<C, ?> scope, String name, C fromCode) {
            return fromCode;
        }

        @Override
        public <C> Registration bind(ConfigScope<C, ?> scope, Reconfigurable<C> target, C fromCode) {
            return () -> { };
        }
    }
}
