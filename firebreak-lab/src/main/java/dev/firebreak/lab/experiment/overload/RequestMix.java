package dev.firebreak.lab.experiment.overload;

import java.util.List;

/**
 * How {@link SegmentLoad} classes its requests: each request is drawn one class (the shed experiment's
 * criticality), and every reported segment gets a row per class besides its totals. The overload
 * experiment's requests are all alike: {@link #single()}.
 *
 * @param <C> the class of a request
 */
public interface RequestMix<C> {

    /** The classes a row is made for, in row order; empty: totals only. */
    List<C> classes();

    /** The class of the next request (called once per request, in sending order, on the sending thread). */
    C draw();

    /** No classes: every request alike, drawn as null. */
    static <C> RequestMix<C> single() {
        return new RequestMix<>() {
            @Override
            public List<C> classes() {
                return List.of();
            }

            @Override
            public C draw() {
                return null;
            }
        };
    }
}
