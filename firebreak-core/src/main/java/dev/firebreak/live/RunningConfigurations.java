package dev.firebreak.live;

import dev.firebreak.config.ConfigScope;
import dev.firebreak.config.Level;
import dev.firebreak.config.PropertyDefinition;
import java.lang.System.Logger;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What dynamic configuration last decided for each running object (a {@link Target}), and the step that
 * hands one of them its newly resolved configuration.
 *
 * <p>Rule: a running object either takes its whole resolved configuration (then each changed property
 * is reported as APPLIED and recorded with its source) or none of it: if its {@code reconfigure} throws,
 * the failure is reported once as RECONFIGURE_FAILED, the record of what is in force is left as it was,
 * and the same resolved configuration is not tried again (a different one is). A refusal by a rule
 * across properties is reported once per object and refused value, not again at every refresh (nor
 * again when an object whose creation reported it is first applied). Not thread-safe: its
 * owner calls it under the lock that serializes every resolution and every {@code reconfigure}.
 */
final class RunningConfigurations {

    private final Map<Object, State> states = new IdentityHashMap<>();
    /** Refusals reported while resolving a new object, by scope and name, until it is first applied. */
    private final Map<String, Set<String>> refusedAtCreation = new HashMap<>();

    /** Remembers the refusals a new object's resolution reported, so its first apply does not repeat them. */
    void created(ConfigScope<?, ?> scope, String name, List<ConfigEvent> events) {
        Set<String> refused = refusals(events);
        if (refused.isEmpty()) {
            refusedAtCreation.remove(scope.segment() + " " + name);
        } else {
            refusedAtCreation.put(scope.segment() + " " + name, refused);
        }
    }

    /** Whether {@code identity} has been resolved at least once. */
    boolean knows(Object identity) {
        return states.containsKey(identity);
    }

    /** Forgets an object that left (a removed guard, an unbound collapser). */
    void forget(Object identity) {
        states.remove(identity);
    }

    /** Forgets every object not in {@code live}. */
    void retain(Set<Object> live) {
        states.keySet().retainAll(live);
    }

    /** Every property of {@code target} with its value in force and its source, reporting nothing. */
    <C, B> List<EffectiveProperty> view(Target<C, B> target, LayeredResolution<C, B> resolution) {
        State state = states.getOrDefault(target.identity(), State.NONE);
        C current = target.current().get();
        LayeredResolution.Outcome<C> outcome = resolution.forRunning(current, state.properties(),
                state.ignoredFixed(), new ArrayList<>());
        if (!outcome.config().equals(current)) { // it failed to take its resolved configuration
            return List.copyOf(resolution.inForce(current, state.properties()).values());
        }
        return List.copyOf(outcome.properties().values());
    }

    /** Resolves {@code target} and, if its record changed, reconfigures it: all of it or none of it. */
    <C, B> void apply(Target<C, B> target, LayeredResolution<C, B> resolution, List<ConfigEvent> events) {
        C current = target.current().get();
        State state = states.get(target.identity());
        if (state == null) {
            Set<String> atCreation = refusedAtCreation.remove(target.scope().segment() + " " + target.name());
            state = new State(Map.of(), Map.of(), atCreation == null ? Set.of() : atCreation, null);
        }
        List<ConfigEvent> decided = new ArrayList<>();
        LayeredResolution.Outcome<C> outcome = resolution.forRunning(current, state.properties(),
                state.ignoredFixed(), decided);
        for (ConfigEvent event : decided) {
            if (event.kind() != ConfigEvent.Kind.REFUSED || !state.refused().contains(refusal(event))) {
                events.add(event);
            }
        }
        Set<String> refused = refusals(decided);
        C next = outcome.config();
        if (next.equals(current)) {
            states.put(target.identity(), new State(outcome.properties(), outcome.ignoredFixed(), refused, null));
            return;
        }
        if (next.equals(state.failed())) {
            return; // this very configuration failed before and was reported; the one in force stays
        }
        try {
            if (!target.reconfigure().test(next)) {
                ConfigLog.logger().log(Logger.Level.WARNING, () -> target.scope().segment() + " " + target.name()
                        + " refused a fixed property change it should not have been sent");
            }
        } catch (RuntimeException failed) {
            // one object's failure must not keep the change from the others: report it and go on
            ConfigLog.logger().log(Logger.Level.DEBUG,
                    target.scope().segment() + " " + target.name() + " failed to reconfigure", failed);
            states.put(target.identity(), new State(state.properties(), outcome.ignoredFixed(), refused, next));
            events.add(failure(target, current, outcome, failed));
            return;
        }
        states.put(target.identity(), new State(outcome.properties(), outcome.ignoredFixed(), refused, null));
        for (PropertyDefinition<C, B> p : target.scope().properties()) {
            Object before = p.get(current);
            EffectiveProperty after = outcome.properties().get(p.name());
            if (!before.equals(after.value())) {
                events.add(new ConfigEvent(ConfigEvent.Kind.APPLIED, target.scope().segment(), target.name(),
                        p.name(), after.origin(), after.text(p), after.origin() + " = " + after.text(p) + " applied to "
                                + target.scope().segment() + " " + target.name() + " (was " + p.format(before) + ")",
                        p.format(before)));
            }
        }
    }

    /** RECONFIGURE_FAILED naming the object, the failure and every value that did not apply. */
    private static <C, B> ConfigEvent failure(Target<C, B> target, C current, LayeredResolution.Outcome<C> outcome,
            RuntimeException failed) {
        List<String> notApplied = new ArrayList<>();
        EffectiveProperty only = null;
        for (PropertyDefinition<C, B> p : target.scope().properties()) {
            Object before = p.get(current);
            EffectiveProperty after = outcome.properties().get(p.name());
            if (!before.equals(after.value())) {
                notApplied.add(p.name() + " = " + after.text(p) + " (" + after.origin() + ", in force "
                        + p.format(before) + ")");
                only = notApplied.size() == 1 ? after : null;
            }
        }
        String what = target.scope().segment() + " " + target.name();
        return new ConfigEvent(ConfigEvent.Kind.RECONFIGURE_FAILED, target.scope().segment(), target.name(),
                only == null ? null : only.key(), only == null ? null : only.origin(),
                only == null ? null : only.text(target.scope().property(only.key())),
                what + " could not take its new configuration (" + failed.getClass().getSimpleName() + ": "
                        + failed.getMessage() + "); not applied: " + String.join(", ", notApplied)
                        + "; the last valid configuration stays in force");
    }

    private static Set<String> refusals(List<ConfigEvent> events) {
        Set<String> refused = new HashSet<>();
        for (ConfigEvent event : events) {
            if (event.kind() == ConfigEvent.Kind.REFUSED) {
                refused.add(refusal(event));
            }
        }
        return refused;
    }

    /** What identifies one refusal: the key and value refused, or the whole message for a record kept whole. */
    private static String refusal(ConfigEvent event) {
        return event.key() == null ? event.message() : event.key() + "=" + event.value();
    }

    /**
     * What was recorded for one object: the source of each value in force, the fixed changes and the
     * refusals already reported, and the last resolved configuration it failed to take (or null).
     */
    private record State(Map<String, EffectiveProperty> properties, Map<String, Object> ignoredFixed,
            Set<String> refused, Object failed) {
        static final State NONE = new State(Map.of(), Map.of(), Set.of(), null);
    }
}
