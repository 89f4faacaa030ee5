package dev.firebreak.live;

import java.io.IOException;
import java.util.Map;

/**
 * A layer of dynamic properties: a file, the system properties, or anything else (a Spring
 * Environment, Archaius, a configuration service). {@link DynamicConfiguration} reads every source on
 * each refresh; a later source wins over an earlier one for the same key.
 *
 * <p>Only keys starting with {@code firebreak.} or {@code hystrix.} are read; a source may return
 * others, they are ignored. A source that can tell when it changed calls its change listeners (from
 * any thread) so the change applies without waiting for the next poll.
 */
public interface PropertySource {

    /** A name for messages, e.g. the file's path. */
    String name();

    /**
     * A snapshot of the source's properties.
     *
     * @throws IOException if the source cannot be read or parsed at all: its previous snapshot then
     *     stays in force and a {@link ConfigEvent.Kind#SOURCE_FAILED} event says why
     */
    Map<String, String> read() throws IOException;

    /**
     * Whether a read may catch this source in the middle of an edit (a file rewritten in place). If so,
     * a changed snapshot applies only once it has been read unchanged a poll apart, and one that lost
     * most of the keys in force only once it has read the same for the suspect settle time (see
     * docs/configuration.md, "Files edited in place"). Default false: each snapshot applies when read.
     */
    default boolean mayBeReadMidEdit() {
        return false;
    }

    /**
     * Whether this source is a configuration store read one consistent state at a time (ZooKeeper,
     * etcd), whose writers change several keys together, in a transaction or one key after another.
     * If so, each new snapshot is validated whole: a value refused on its own (type, range) refuses the
     * whole snapshot, and the source's last valid snapshot stays in force, so a multi-key change applies
     * all together or not at all; and a snapshot that lost most of the keys in force applies only once
     * it has read the same for the suspect settle time (a SOURCE_SUSPECT event says so). Default false:
     * each key is checked on its own, and the valid ones apply.
     */
    default boolean isStore() {
        return false;
    }

    /**
     * The store's revision of the snapshot {@link #read()} last returned (a ZooKeeper zxid, an etcd
     * revision), shown beside the keys it gave; null (the default) for a source without revisions.
     */
    default String snapshotRevision() {
        return null;
    }

    /** Subscribes to changes pushed by this source; sources that are only polled ignore it. */
    default void addChangeListener(Runnable listener) {
    }

    /** Unsubscribes a listener added with {@link #addChangeListener}. */
    default void removeChangeListener(Runnable listener) {
    }
}
