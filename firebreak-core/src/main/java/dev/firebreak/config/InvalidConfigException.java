package dev.firebreak.config;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * A configuration value broke a rule. The message names the key, the value and the rule, for example
 * {@code execution.isolation.thread.timeoutInMilliseconds = -5: must be > 0}. Whatever configuration
 * was in force before stays in force.
 *
 * <p>A rule over several properties (a rolling window that its bucket count must divide) names the
 * first as {@link #key()} and the others as {@link #relatedKeys()}, so dynamic configuration can refuse
 * whichever of them changed.
 */
public final class InvalidConfigException extends IllegalArgumentException {

    private final String key;
    private final String value;
    private final String rule;
    private final List<String> relatedKeys;

    /** A refusal of {@code value} for {@code key}, which must follow {@code rule}. */
    public InvalidConfigException(String key, Object value, String rule) {
        this(key, value, rule, List.of());
    }

    /** A refusal of {@code value} for {@code key} by a rule that also involves {@code relatedKeys}. */
    public InvalidConfigException(String key, Object value, String rule, List<String> relatedKeys) {
        super(key + " = " + value + ": " + rule);
        this.key = key;
        this.value = String.valueOf(value);
        this.rule = rule;
        this.relatedKeys = List.copyOf(relatedKeys);
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

    /** The other properties the broken rule involves; empty for a rule on one value. */
    public List<String> relatedKeys() {
        return relatedKeys;
    }

    /** {@link #key()} followed by {@link #relatedKeys()}. */
    public List<String> keys() {
        List<String> all = new ArrayList<>(relatedKeys.size() + 1);
        all.add(key);
        all.addAll(relatedKeys);
        return Collections.unmodifiableList(all);
    }
}
