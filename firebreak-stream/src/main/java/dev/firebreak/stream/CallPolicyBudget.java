package dev.firebreak.stream;

/**
 * The budget fields both call-policy events share: the calls and extra attempts counted in the
 * budget's current window and the extra attempts that window allows.
 */
final class CallPolicyBudget {

    private CallPolicyBudget() {
    }

    static void write(JsonWriter json, long callsInWindow, long extrasInWindow, long allowance) {
        json.field("budget_callsInWindow", callsInWindow)
                .field("budget_extrasInWindow", extrasInWindow)
                .field("budget_allowance", allowance);
    }
}
