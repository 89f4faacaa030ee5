package dev.firebreak.live;

import java.time.Duration;
import java.util.Objects;
import java.util.Set;

/**
 * One property source's state, as {@link DynamicConfiguration#sources()} reports it: what it gives, at
 * which revision, and whether it is failing. A failing source's previous snapshot stays in force, so
 * {@code failingFor} says how stale that snapshot may be.
 *
 * @param name the source's name
 * @param revision the store's revision of the snapshot in force ({@link PropertySource#snapshotRevision()}),
 *     or null for a source without revisions or that has not been read yet
 * @param keys the {@code firebreak.*} and {@code hystrix.*} keys of its snapshot in force (a later source
 *     may override some of them)
 * @param failing whether its last read failed
 * @param failure why its last read failed, or null while it is not failing
 * @param failingFor how long it has been failing on the registry's clock; zero while it is not
 */
public record SourceStatus(String name, String revision, Set<String> keys, boolean failing, String failure,
        Duration failingFor) {

    /** Checks the fields and copies the keys. */
    public SourceStatus {
        Objects.requireNonNull(name, "name");
        keys = Set.copyOf(keys);
        Objects.requireNonNull(failingFor, "failingFor");
    }
}
