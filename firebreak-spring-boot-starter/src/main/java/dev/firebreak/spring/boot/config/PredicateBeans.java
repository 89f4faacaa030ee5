package dev.firebreak.spring.boot.config;

import dev.firebreak.classify.ResultPredicates;
import java.util.Objects;
import java.util.function.Predicate;
import org.springframework.beans.factory.ListableBeanFactory;

/**
 * The result predicates a guard's {@code recordResultPredicate} names: the application's beans of type
 * {@code java.util.function.Predicate}, by bean name. Each is given every value its guard's calls
 * return (any type: a predicate for one type should check it with {@code instanceof}); a name with
 * no such bean is refused like any bad value.
 */
public final class PredicateBeans implements ResultPredicates {

    private final ListableBeanFactory beans;

    /** The predicates among {@code beans}. */
    public PredicateBeans(ListableBeanFactory beans) {
        this.beans = Objects.requireNonNull(beans, "beans");
    }

    @Override
    @SuppressWarnings("unchecked")
    public Predicate<Object> find(String name) {
        if (!beans.containsBean(name) || !beans.isTypeMatch(name, Predicate.class)) {
            return null;
        }
        return beans.getBean(name, Predicate.class);
    }
}
