package dev.firebreak.spring.boot.criticality;

import dev.firebreak.context.Criticality;
import java.util.Objects;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.util.context.ContextView;

/**
 * A level for reactive code: written into Reactor's {@code Context} (key {@value CriticalityAccessor#KEY})
 * for what runs later, and scoped on the subscribing thread while the publisher is subscribed, where a
 * guarded call asks for its permit. Loaded only where Reactor is present.
 */
public final class ReactorCriticality {

    private ReactorCriticality() {
    }

    /** {@code mono} run at {@code level}: its subscription and everything that reads the Reactor Context. */
    public static <T> Mono<T> at(Criticality level, Mono<T> mono) {
        Objects.requireNonNull(level, "level");
        Mono<T> written = mono.contextWrite(context -> context.put(CriticalityAccessor.KEY, level));
        return Mono.from(subscriber -> {
            Criticality before = Criticality.swap(level);
            try {
                written.subscribe(subscriber);
            } finally {
                Criticality.swap(before);
            }
        });
    }

    /** {@code flux} run at {@code level} (as {@link #at(Criticality, Mono)}). */
    public static <T> Flux<T> at(Criticality level, Flux<T> flux) {
        Objects.requireNonNull(level, "level");
        Flux<T> written = flux.contextWrite(context -> context.put(CriticalityAccessor.KEY, level));
        return Flux.from(subscriber -> {
            Criticality before = Criticality.swap(level);
            try {
                written.subscribe(subscriber);
            } finally {
                Criticality.swap(before);
            }
        });
    }

    /**
     * The level of a call made now in reactive code: the one {@code context} holds, else the thread's
     * ({@link Criticality#current()}).
     */
    public static Criticality current(ContextView context) {
        Object level = context.getOrDefault(CriticalityAccessor.KEY, null);
        return level instanceof Criticality known ? known : Criticality.current();
    }
}
