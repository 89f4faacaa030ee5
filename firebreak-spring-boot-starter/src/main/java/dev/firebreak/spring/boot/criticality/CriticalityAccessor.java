package dev.firebreak.spring.boot.criticality;

import dev.firebreak.context.Criticality;
import io.micrometer.context.ThreadLocalAccessor;

/**
 * The level scoped on a thread ({@link Criticality#scopedOrNull()}) as a value of Micrometer's
 * context-propagation library, under the key {@value #KEY}: registered through {@code ServiceLoader}, so
 * the starter's context carrier takes it to the threads that work for a call, and Reactor (with
 * {@code Hooks.enableAutomaticContextPropagation()}, Boot's {@code spring.reactor.context-propagation=auto})
 * makes the level a Reactor {@code Context} holds under that key current on the threads its operators run on.
 */
public final class CriticalityAccessor implements ThreadLocalAccessor<Criticality> {

    /** The key of the level in the context-propagation registry and in Reactor's {@code Context}. */
    public static final String KEY = Criticality.BAGGAGE_KEY;

    /** The accessor (ServiceLoader calls it). */
    public CriticalityAccessor() {
    }

    @Override
    public Object key() {
        return KEY;
    }

    @Override
    public Criticality getValue() {
        return Criticality.scopedOrNull();
    }

    @Override
    public void setValue(Criticality value) {
        Criticality.swap(value);
    }

    @Override
    public void setValue() {
        Criticality.swap(null);
    }

    @Override
    public void restore(Criticality previousValue) {
        Criticality.swap(previousValue);
    }

    @Override
    public void restore() {
        Criticality.swap(null);
    }
}
