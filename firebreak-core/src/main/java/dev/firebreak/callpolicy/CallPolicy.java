package dev.firebreak.callpolicy;

import dev.firebreak.Guard;
import dev.firebreak.config.ConfigScope;
import dev.firebreak.config.Reconfigurable;
import java.util.Objects;
import java.util.concurrent.Executor;
import java.util.concurrent.ThreadFactory;

/**
 * What every call policy ({@code Retry}, {@code Hedge}) is besides its own decisions: a name, the
 * guard its attempts go through, the configuration it was built with and the one in force, and the
 * {@link RetryBudget} and the {@link RetryThrottle} shared by its callers (an extra attempt needs both).
 * Reconfiguring applies to the next calls (a call in flight keeps the configuration it began with);
 * the properties its table marks fixed (the budget window) keep their creation values. Live
 * configuration reaches a policy through its scope, as it reaches guards: a policy starts with the
 * values in force when it is built, and follows them while it is registered.
 *
 * @param <C> the policy's configuration record
 */
public abstract class CallPolicy<C extends BudgetedConfig> implements Reconfigurable<C> {

    private final String name;
    private final Guard guard;
    private final C fromCode;
    private final C created;
    private final RetryBudget budget;
    private final RetryThrottle throttle;
    private final ConfigScope<C, ?> scope;
    private volatile C config;

    /**
     * @param name the policy's name (its properties: {@code firebreak.<segment>.<name>.*})
     * @param guard the guard every attempt goes through; its registry's ticker starts the budget
     * @param fromCode the configuration built from code
     * @param scope the policy kind's scope (its property table)
     */
    protected CallPolicy(String name, Guard guard, C fromCode, ConfigScope<C, ?> scope) {
        this.name = name;
        this.guard = Objects.requireNonNull(guard, "guard");
        this.fromCode = Objects.requireNonNull(fromCode, "config");
        this.scope = Objects.requireNonNull(scope, "scope");
        // the registry's resolver: the code's values, or live configuration's layers over them
        C config = guard.controls().registry().configResolver().resolve(scope, name, fromCode);
        this.created = config;
        this.config = config;
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
    public final C codeConfig() {
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
     * A property fixed at creation (the budget window) keeps its creation value; if {@code next}
     * changes one, the rest is applied and false is returned.
     */
    @Override
    public final boolean reconfigure(C next) {
        Objects.requireNonNull(next, "config");
        C taken = scope.keepFixed(created, next); // the scope decides what is fixed, from its table's flags
        budget.reconfigure(taken.budgetPercent(), taken.budgetMinPerSecond());
        throttle.reconfigure(taken.throttleMaxTokens(), taken.throttleTokenRatio());
        config = taken;
        return taken == next;
    }

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
