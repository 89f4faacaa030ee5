package dev.firebreak.classify;

import java.util.function.Predicate;

/**
 * Where a registry finds the result predicates that configuration names
 * ({@code recordResultPredicate}): the Spring starter's finds {@code Predicate} beans by bean name.
 */
@FunctionalInterface
public interface ResultPredicates {

    /** Knows no predicate. */
    ResultPredicates NONE = name -> null;

    /** The predicate named {@code name}, or null if there is none. */
    Predicate<Object> find(String name);
}
