package dev.firebreak.config;

import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * The base of every config record's builder: it records which rows of the record's property table
 * were set in code (Hystrix's "instance default from code" layer, which a dynamic global default must
 * not override). Each typed setter is one line, {@code return set(Rows.SOME_ROW, value);}, so a
 * property's key lives only in its table and the tracking is written once, here and in
 * {@link PropertyDefinition#set}.
 *
 * <p>Not thread-safe, as builders are not.
 *
 * @param <B> the concrete builder, returned by {@link #set} for chaining
 */
public abstract class ConfigBuilder<B extends ConfigBuilder<B>> {

    private final Set<String> setInCode = new LinkedHashSet<>();

    /** A builder with nothing set in code. */
    protected ConfigBuilder() {
    }

    /** Sets {@code value} through {@code row} (which records the row as set in code) and returns this builder. */
    protected final B set(PropertyDefinition<?, ? super B> row, Object value) {
        B self = self();
        row.set(self, value);
        return self;
    }

    /** This builder as its concrete type. */
    @SuppressWarnings("unchecked")
    protected final B self() {
        return (B) this;
    }

    /** Records the property named {@code name} as set in code. */
    final void marked(String name) {
        setInCode.add(name);
    }

    /**
     * Replaces the names recorded as set in code. Dynamic configuration uses it so that a record
     * resolved from several layers still names only what the code set.
     */
    public B setInCode(Set<String> names) {
        setInCode.clear();
        setInCode.addAll(names);
        return self();
    }

    /** The property names set in code so far, read-only. */
    public final Set<String> setInCodeNames() {
        return Collections.unmodifiableSet(setInCode);
    }

    /** Forgets every name recorded as set in code (a composed builder takes its parts' names into its own). */
    protected final void clearSetInCode() {
        setInCode.clear();
    }
}
