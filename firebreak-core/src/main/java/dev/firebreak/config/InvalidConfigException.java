package dev.firebreak.config;

/**
 * A configuration value broke a rule. The message names the key, the value and the rule, for example
 * {@code execution.isolation.thread.timeoutInMilliseconds = -5: must be > 0}. Whatever configuration
 * was in force before stays in force.
 */
public final class InvalidConfigException extends IllegalArgumentException {

    private final String key;
    private final String value;
    private final String rule;

    /** A refusal of {@code value} for {@code key}, which must follow {@code rule}. */
    public InvalidConfigException(String key, Object value, String rule) {
        super(key + " = " + value + ": " + rule);
        this.key = key;
        this.value = String.valueOf(value);
        this.rule = rule;
    }

    /** The property's key (Hystrix's name, without prefix), e.g. {@code circuitBreaker.errorThresholdPercentage}. */
    public String key() {
        return key;
    }

    /** The refused value as text. */
    public String value() {
        return value;
    }

    /** The rule the value broke, e.g. {@code must be between 0 and 100}. */
    public String rule() {
        return rule;
    }
}
