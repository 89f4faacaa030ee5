package dev.firebreak.keyed;

/**
 * A call for a new key was refused because {@link KeyedGuards} already holds its {@code maxKeys} keys
 * and every one of them has a call in flight, so none could be evicted to make room. The call never
 * ran; no guard was built for the key. Retry later, or raise {@code maxKeys}.
 */
public final class KeyLimitException extends IllegalStateException {

    private final transient Object key;
    private final int maxKeys;

    KeyLimitException(Object key, int maxKeys) {
        super("keyed guards: call for new key '" + key + "' refused: all maxKeys = " + maxKeys
                + " keys have calls in flight, so no idle key could be evicted to make room");
        this.key = key;
        this.maxKeys = maxKeys;
    }

    /** The key that was refused. */
    public Object key() {
        return key;
    }

    /** The cap in force. */
    public int maxKeys() {
        return maxKeys;
    }
}
