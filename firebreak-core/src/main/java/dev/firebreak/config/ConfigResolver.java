package dev.firebreak.config;

import dev.firebreak.GuardConfig;
import dev.firebreak.collapse.CollapserConfig;
import dev.firebreak.isolation.ThreadPoolConfig;

/**
 * The hook a {@link dev.firebreak.GuardRegistry} calls when it creates a guard or a pool (and a
 * collapser builder may call for a collapser): turns the configuration the code gave into the one the
 * new object starts with, so properties fixed at creation, such as the isolation strategy, take effect
 * this way. {@link #bindCollapser} subscribes a collapser kept outside the registry to live changes
 * (collapsers in {@code registry.collapsers()} are found there). {@link DynamicConfiguration} installs
 * itself here; {@link #codeOnly()} is the default.
 */
public interface ConfigResolver {

    /** The configuration a new guard named {@code name} starts with, given its builder's {@code fromCode}. */
    GuardConfig guardConfig(String name, GuardConfig fromCode);

    /** The configuration a new thread pool named {@code name} starts with. */
    ThreadPoolConfig threadPoolConfig(String name, ThreadPoolConfig fromCode);

    /** The configuration a new collapser named {@code name} starts with. */
    CollapserConfig collapserConfig(String name, CollapserConfig fromCode);

    /**
     * Subscribes a running collapser to live changes of its properties until the returned
     * registration is closed. {@code fromCode} is what its builder gave (the "instance default from
     * code" layer).
     */
    Registration bindCollapser(Reconfigurable<CollapserConfig> collapser, CollapserConfig fromCode);

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
        public GuardConfig guardConfig(String name, GuardConfig fromCode) {
            return fromCode;
        }

        @Override
        public ThreadPoolConfig threadPoolConfig(String name, ThreadPoolConfig fromCode) {
            return fromCode;
        }

        @Override
        public CollapserConfig collapserConfig(String name, CollapserConfig fromCode) {
            return fromCode;
        }

        @Override
        public Registration bindCollapser(Reconfigurable<CollapserConfig> collapser, CollapserConfig fromCode) {
            return () -> { };
        }
    }
}
