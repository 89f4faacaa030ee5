package dev.firebreak.callpolicy;

import dev.firebreak.Guard;
import dev.firebreak.config.InvalidConfigException;
import dev.firebreak.config.Reconfigurable;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.Executor;
import java.util.concurrent.ThreadFactory;

/**
 * What every call policy ({@code Retry}, {@code Hedge}) is besides its own decisions: a name, the
 * guard its attempts go through, the configuration it was built with and the one in force, and the
 * {@link RetryBudget} and the {@link RetryThrottle} shared by its callers (an extra attempt needs both). Reconfiguring applies to the next calls (a call in
 * flight keeps the configuration it began with); the budget window is fixed at creation.
 *
 * @param <C> the policy's configuration record
 */
public abstract class CallPolicy<C extends BudgetedConfig> implements Reconfigurable<C> {

    private final String name;
    private final Guard guard;
    private final C fromCode;
    private final RetryBudget budget;
    private final RetryThrottle throttle;
    private final PolicyPropertyTable<C, ?> properties;
    private volatile C config;

    /**
     * @param name the policy's name (its properties: {@code firebreak.<kind>.<name>.*})
     * @param guard the guard every attempt goes through; its registry's ticker starts the budget
     * @param config the configuration built from code
     * @param properties its property table, for {@link #reconfigure(Map)}
     */
    protected CallPolicy(String name, Guard guard, C config, PolicyPropertyTable<C, ?> properties) {
        this.name = name;
        this.guard = Objects.requireNonNull(guard, "guard");
        this.fromCode = config;
        this.config = config;
        this.properties = properties;
        this.budget = new RetryBudget(config.budgetWindow(), config.budgetPercent(), config.budgetMinPerSecond(),
                guard.controls().registry().ticker().read());
        this.throttle = new RetryThrottle(config.throttleMaxTokens(), config.throttleTokenRatio());
    }

    @Override
    public final String name() {
        return name;
    }

    /** The guard every attempt goes through. */
    public final Guard guard() {
        return guard;
    }

    /** The configuration the policy was built with: what live configuration applies its properties over. */
    public final C configFromCode() {
        return fromCode;
    }

    @Override
    public final C config() {
        return config;
    }

    /** The budget shared by every caller of this policy. */
    public final RetryBudget budget() {
        return budget;
    }

    /** The throttle shared by every caller of this policy: fed every attempt's outcome, consulted with the budget. */
    public final RetryThrottle throttle() {
        return throttle;
    }

    /**
     * Applies {@code next} from the next decision on (calls in flight keep the policy they began with).
     * The budget window is fixed at creation: a change to it is not applied, and false is returned.
     */
    @Override
    public final boolean reconfigure(C next) {
        Objects.requireNonNull(next, "config");
        budget.reconfigure(next.budgetPercent(), next.budgetMinPerSecond());
        throttle.reconfigure(next.throttleMaxTokens(), next.throttleTokenRatio());
        boolean windowKept = next.budgetWindow().equals(config.budgetWindow());
        config = windowKept ? next : withBudgetWindow(next, config.budgetWindow());
        return windowKept;
    }

    /**
     * Applies properties {@code firebreak.<kind>.<name>.*} (and {@code firebreak.<kind>.default.*}) over
     * the configuration in force, all or nothing.
     *
     * @return the configuration now in force
     * @throws InvalidConfigException naming the key, the value and the rule; the last valid policy stays
     */
    public final C reconfigure(Map<String, String> values) {
        reconfigure(properties.apply(name, config, values));
        return config;
    }

    /** {@code config} with the budget window {@code window}, all else the same. */
    protected abstract C withBudgetWindow(C config, Duration window);

    /** An executor that starts each task on a new virtual thread named after the policy. */
    protected static Executor virtualThreads(String kind, String name) {
        ThreadFactory factory = Thread.ofVirtual().name("firebreak-" + kind + "-" + name + "-", 1).factory();
        return task -> factory.newThread(task).start();
    }

    /** Refuses a blank policy name; {@code kind} in the message ("retry", "hedging"). */
    protected static String requireName(String kind, String name) {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("a " + kind + " policy needs a non-blank name");
        }
        return name;
    }

    /** Refuses a policy built without a guard, naming the kind and the policy. */
    protected static Guard requireGuard(String kind, String name, Guard guard) {
        if (guard == null) {
            throw new IllegalStateException(kind + " " + name + " needs a guard: call through(guard)");
        }
        return guard;
    }
}
