package dev.firebreak.collapse;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * Splits one batch response back into the answers of the requests in the batch. Use a factory
 * ({@link #inOrder()}, {@link #byPosition(BiFunction)}, {@link #byKey(Function, Function)}) or write
 * one. A mapping that throws fails every request of the batch (MAPPING_FAILED); answers it gave before
 * throwing are discarded, so a batch never half-succeeds by accident.
 *
 * @param <A> a request's argument
 * @param <B> the batch response
 * @param <R> a request's value
 */
@FunctionalInterface
public interface ResponseMapping<A, B, R> {

    /** Puts each request's answer into {@code answers}, by its position in {@code arguments}. */
    void map(B response, List<A> arguments, Answers<R> answers) throws Exception;

    /**
     * The response is a list with one entry per request, in request order. Fewer entries: the requests
     * without one fail as MISSING_RESPONSE; more entries: the whole batch fails (RESPONSE_MISMATCH).
     */
    static <A, R> ResponseMapping<A, List<R>, R> inOrder() {
        return byPosition((response, arguments) -> response);
    }

    /**
     * {@code split} turns the response into one value per request, in request order (the seed's
     * {@code take(n)/drop(n)}). Fewer values: the requests without one fail as MISSING_RESPONSE; more
     * values: the whole batch fails (RESPONSE_MISMATCH).
     */
    static <A, B, R> ResponseMapping<A, B, R> byPosition(BiFunction<? super B, List<A>, ? extends List<? extends R>> split) {
        Objects.requireNonNull(split, "split");
        return (response, arguments, answers) -> {
            List<? extends R> values = split.apply(response, arguments);
            if (values == null) {
                throw new ResponseMismatch("the response split into null instead of a list");
            }
            if (values.size() > arguments.size()) {
                throw new ResponseMismatch("the response has " + values.size() + " entries for "
                        + arguments.size() + " requests");
            }
            for (int i = 0; i < values.size(); i++) {
                answers.answer(i, values.get(i));
            }
        };
    }

    /**
     * The response is a collection of values, each carrying the key of the request it answers:
     * {@code requestKey} gives a request's key, {@code responseKey} a value's. Order does not matter;
     * requests with equal keys get the same value. A request whose key has no value fails as
     * MISSING_RESPONSE; a value whose key nobody asked for, or two values with one key, fail the whole
     * batch (RESPONSE_MISMATCH).
     */
    static <A, K, R> ResponseMapping<A, Collection<? extends R>, R> byKey(Function<? super A, ? extends K> requestKey,
            Function<? super R, ? extends K> responseKey) {
        Objects.requireNonNull(requestKey, "requestKey");
        Objects.requireNonNull(responseKey, "responseKey");
        return (response, arguments, answers) -> {
            if (response == null) {
                throw new ResponseMismatch("the response is null");
            }
            Map<K, R> byKey = new HashMap<>();
            for (R value : response) {
                K key = responseKey.apply(value);
                if (byKey.putIfAbsent(key, value) != null) {
                    throw new ResponseMismatch("the response has two entries for key " + key);
                }
            }
            Map<K, List<Integer>> positions = new HashMap<>();
            for (int i = 0; i < arguments.size(); i++) {
                positions.computeIfAbsent(requestKey.apply(arguments.get(i)), k -> new ArrayList<>()).add(i);
            }
            Set<K> unasked = new LinkedHashSet<>(byKey.keySet());
            unasked.removeAll(positions.keySet());
            if (!unasked.isEmpty()) {
                throw new ResponseMismatch("the response answers keys nobody asked for: " + unasked);
            }
            positions.forEach((key, at) -> {
                if (byKey.containsKey(key)) {
                    R value = byKey.get(key);
                    for (int position : at) {
                        answers.answer(position, value);
                    }
                }
            });
        };
    }
}
