package dev.firebreak.config;

/**
 * Where an effective value came from: Hystrix's four layers, weakest first. A value from a stronger
 * layer hides every weaker one.
 */
public enum Level {
    /** The library default, or a default set in code for every instance of the scope. */
    GLOBAL_DEFAULT_FROM_CODE,
    /** A dynamic property for every instance: {@code firebreak.command.default.<property>}. */
    DYNAMIC_GLOBAL_DEFAULT,
    /** Set explicitly in the instance's builder (the record's {@code setInCode}). */
    INSTANCE_DEFAULT_FROM_CODE,
    /** A dynamic property for this instance: {@code firebreak.command.<name>.<property>}. */
    DYNAMIC_INSTANCE
}
