package dev.firebreak.stream;

import dev.firebreak.callpolicy.BudgetedConfig;
import dev.firebreak.callpolicy.CallPolicy;
import dev.firebreak.callpolicy.RetryBudget;

/**
 * The fields both call-policy events ({@link RetryEvent}, {@link HedgeEvent}) share: the head (type,
 * policy, guard, time), the budget's figures over its current window on the registry's ticker, and
 * the tail (the budget's configuration, {@code reportingHosts}).
 */
final class CallPolicyFields {

    private CallPolicyFields() {
    }

    /** Opens the event: {@code type}, {@code name}, {@code guard}, {@code currentTime}. */
    static JsonWriter head(JsonWriter json, String type, CallPolicy<?> policy, long currentTimeMillis) {
        return json.begin()
                .field("type", type)
                .field("name", policy.name())
                .field("guard", policy.guard().name())
                .field("currentTime", currentTimeMillis);
    }

    /** The calls and extra attempts counted in the budget's current window, and what that window allows. */
    static JsonWriter budget(JsonWriter json, CallPolicy<?> policy) {
        RetryBudget budget = policy.budget();
        long now = policy.guard().controls().registry().ticker().read();
        long calls = budget.calls(now);
        return json.field("budget_callsInWindow", calls)
                .field("budget_extrasInWindow", budget.extras(now))
                .field("budget_allowance", budget.allowance(calls));
    }

    /** Closes the figures: the budget's configuration in force and {@code reportingHosts}; the caller ends the object. */
    static JsonWriter tail(JsonWriter json, BudgetedConfig config) {
        return json.field("propertyValue_budgetEnabled", config.budgetEnabled())
                .field("propertyValue_budgetPercent", config.budgetPercent())
                .field("propertyValue_budgetMinPerSecond", config.budgetMinPerSecond())
                .field("propertyValue_budgetWindowInMilliseconds", config.budgetWindow().toMillis())
                .field("reportingHosts", 1);
    }
}
