package dev.firebreak.spring.annotation;

import dev.firebreak.Guard;
import dev.firebreak.GuardRegistry;
import dev.firebreak.classify.ClassifyConfig;
import dev.firebreak.hedge.Hedge;
import dev.firebreak.live.DynamicConfiguration;
import dev.firebreak.retry.Retry;
import java.lang.reflect.Method;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.beans.factory.ObjectProvider;

/**
 * The {@link Guarded} methods found so far (by the bean post-processor at startup, or at a method's
 * first call for a bean it did not see) and the guards they run under, from the application's
 * {@link GuardRegistry}.
 */
public final class GuardedMethods {

    private final ObjectProvider<GuardRegistry> registry;
    /**
     * Per bean class, its methods' resolutions: one method can stand for several classes (a superclass's
     * method inherited by two beans' classes) with a fallback method, or an interface's {@code @Guarded}, of
     * each class's own, so the class is part of the key.
     */
    private final Map<Class<?>, Map<Method, GuardedMethod>> methods = new ConcurrentHashMap<>();
    private final Set<String> guardNames = ConcurrentHashMap.newKeySet();
    /** Classes searched whole by the startup scan and found without {@code @Guarded} methods; only ever grows. */
    private final Set<Class<?>> withoutGuardedMethods = ConcurrentHashMap.newKeySet();

    /** Each declared retry's name and the name of the guard it goes through; one guard per retry. */
    private final Map<String, String> retryGuards = new ConcurrentHashMap<>();
    /** Each declared hedge's name and the name of the guard it goes through; one guard per hedge. */
    private final Map<String, String> hedgeGuards = new ConcurrentHashMap<>();
    /** The declared policies built so far, by name: each built once, its methods share it. */
    private final Map<String, Retry> retries = new ConcurrentHashMap<>();
    private final Map<String, Hedge> hedges = new ConcurrentHashMap<>();

    private final ObjectProvider<DynamicConfiguration> configuration;

    /** The classification each guard's methods declare (ignore, record, recordResultPredicate), one per guard. */
    private final Map<String, ClassifyConfig> classifications = new ConcurrentHashMap<>();

    /** Reads the registry lazily, so that creating this object initialises nothing. */
    public GuardedMethods(ObjectProvider<GuardRegistry> registry) {
        this(registry, null);
    }

    /**
     * Also asks for the registry's live configuration before a declared retry or hedge is built, so that an
     * application's own registry is bound to the Environment by then (the starter's is bound as it is made).
     */
    GuardedMethods(ObjectProvider<GuardRegistry> registry, ObjectProvider<DynamicConfiguration> configuration) {
        this.registry = registry;
        this.configuration = configuration;
    }

    /** Records a method of {@code beanClass} resolved at startup. */
    void put(Class<?> beanClass, Method method, GuardedMethod guarded) {
        methods.computeIfAbsent(beanClass, type -> new ConcurrentHashMap<>()).put(method, guarded);
        guardNames.add(guarded.guardName());
    }

    /**
     * Records the classification {@code guarded} declares for its guard; returns the other one a method
     * of the same guard declared (a conflict the caller refuses), or null.
     */
    ClassifyConfig claimClassification(GuardedMethod guarded) {
        ClassifyConfig other = classifications.putIfAbsent(guarded.guardName(), guarded.classify());
        return other == null || other.equals(guarded.classify()) ? null : other;
    }

    /**
     * Records the retry and the hedge {@code guarded} declares, if any; returns what conflicts (a policy name
     * that already goes through another guard, which the caller refuses), or null.
     */
    String claimPolicy(GuardedMethod guarded) {
        String conflict = null;
        if (guarded.retry() != null) {
            conflict = conflict("retry", guarded.retry(), guarded.guardName(),
                    retryGuards.putIfAbsent(guarded.retry(), guarded.guardName()));
        }
        if (conflict == null && guarded.hedge() != null) {
            conflict = conflict("hedge", guarded.hedge(), guarded.guardName(),
                    hedgeGuards.putIfAbsent(guarded.hedge(), guarded.guardName()));
        }
        return conflict;
    }

    private static String conflict(String kind, String name, String guardName, String other) {
        return other == null || other.equals(guardName) ? null : "declares " + kind + " '" + name + "' through guard '"
                + guardName + "', but another @Guarded method declares it through guard '" + other + "'";
    }

    /** Records that the startup scan searched every method of {@code userClass} and found none {@code @Guarded}. */
    void searchedWithoutGuarded(Class<?> userClass) {
        withoutGuardedMethods.add(userClass);
    }

    /**
     * Whether the startup scan searched every method of {@code userClass} (a bean's class, not a
     * CGLIB subclass) and found none {@code @Guarded}; false for a class it has not searched.
     */
    boolean knownWithoutGuarded(Class<?> userClass) {
        return withoutGuardedMethods.contains(userClass);
    }

    /**
     * The resolution of {@code method} as a bean of {@code targetClass} (the bean's own class, not a CGLIB
     * subclass) runs it, resolving it now (under the class's name) if startup did not see it. Two lookups,
     * nothing allocated once resolved.
     */
    GuardedMethod get(Method method, Class<?> targetClass) {
        Map<Method, GuardedMethod> ofClass = methods.get(targetClass);
        GuardedMethod known = ofClass == null ? null : ofClass.get(method);
        if (known != null) {
            return known;
        }
        return methods.computeIfAbsent(targetClass, type -> new ConcurrentHashMap<>()).computeIfAbsent(method, m -> {
            GuardedMethod resolved = GuardedMethod.resolve(targetClass.getSimpleName(), targetClass, m);
            guardNames.add(resolved.guardName());
            claimClassification(resolved); // a guard built before keeps its own (refused at startup, see createGuards)
            claimPolicy(resolved); // a conflict surfaces when the policy is looked up (retry/hedge)
            return resolved;
        });
    }

    /** Creates the guard of every method seen so far, so they show on the endpoints before a first call. */
    void createGuards() {
        if (guardNames.isEmpty()) {
            return; // nothing to make: the registry is not asked for
        }
        guardNames.forEach(name -> requireDeclared(guard(name)));
        retryGuards.forEach((name, guardName) -> retry(name, guard(guardName)));
        hedgeGuards.forEach((name, guardName) -> hedge(name, guard(guardName)));
    }

    /**
     * The declared retry {@code name} through {@code guard}, built once (registered in the registry's
     * {@code RetryRegistry}, so it is configured live from {@code firebreak.retry.<name>.*} and shows on the
     * endpoint, the meters and the events feed as one built in code does).
     */
    Retry retry(String name, Guard guard) {
        Retry retry = retries.get(name);
        if (retry == null) {
            bound();
            retry = retries.computeIfAbsent(name, n -> Retry.named(n).through(guard).build());
        }
        return requireThrough(retry.guard(), guard, "retry", name, retry);
    }

    /** The declared hedge {@code name} through {@code guard}, built once (as {@link #retry}). */
    Hedge hedge(String name, Guard guard) {
        Hedge hedge = hedges.get(name);
        if (hedge == null) {
            bound();
            hedge = hedges.computeIfAbsent(name, n -> Hedge.named(n).through(guard).build());
        }
        return requireThrough(hedge.guard(), guard, "hedge", name, hedge);
    }

    /** Makes sure the registry reads the Environment before a policy reads its configuration from it. */
    private void bound() {
        if (configuration != null) {
            configuration.getIfAvailable(); // binds an application's own registry; the starter's is bound already
        }
    }

    /** Sets on {@code builder}, as set in code, each key {@code declared} holds. */
    private static void declare(ClassifyConfig.Builder builder, ClassifyConfig declared) {
        if (!declared.ignoreExceptions().isEmpty()) {
            builder.ignoreExceptions(declared.ignoreExceptions());
        }
        if (!declared.recordExceptions().isEmpty()) {
            builder.recordExceptions(declared.recordExceptions());
        }
        if (!declared.recordResultPredicate().isEmpty()) {
            builder.recordResultPredicate(declared.recordResultPredicate());
        }
    }

    private static <P> P requireThrough(Guard actual, Guard expected, String kind, String name, P policy) {
        if (actual != expected) {
            throw new IllegalStateException("declared " + kind + " '" + name + "' goes through guard '" + actual.name()
                    + "'; it cannot also serve guard '" + expected.name() + "': give each guard its own " + kind);
        }
        return policy;
    }

    /**
     * Refuses a guard made before its methods were seen (by {@code firebreak.guards} or code) without the
     * classification they declare: it would silently not apply.
     */
    private void requireDeclared(Guard guard) {
        ClassifyConfig declared = classifications.getOrDefault(guard.name(), ClassifyConfig.defaults());
        if (!declared.isEmpty() && !declared.equals(guard.controls().codeConfig().classify())) {
            throw new IllegalStateException("guard '" + guard.name() + "' was made (by firebreak.guards or code)"
                    + " before its @Guarded methods, without their ignore/record/recordResultPredicate "
                    + GuardedMethod.describe(declared) + "; declare those under firebreak.command." + guard.name() + ".* instead");
        }
    }

    /**
     * The guard named {@code name}: the registry's, built with its configuration (and the classification
     * its methods declare, as its code's) if it has none yet.
     */
    Guard guard(String name) {
        GuardRegistry guards = registry.getObject();
        Guard existing = guards.find(name).orElse(null);
        if (existing != null) {
            return existing;
        }
        ClassifyConfig declared = classifications.getOrDefault(name, ClassifyConfig.defaults());
        try {
            return guards.guard(name).configure(c -> c.classify(k -> declare(k, declared))).build();
        } catch (IllegalArgumentException | IllegalStateException raced) {
            return guards.find(name).orElseThrow(() -> raced); // another thread built it first
        }
    }
}
