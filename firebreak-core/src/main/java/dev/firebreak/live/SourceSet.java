package dev.firebreak.live;

import dev.firebreak.GuardRegistry;
import dev.firebreak.classify.ResultPredicates;
import dev.firebreak.time.Ticker;
import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The ordered sources of one {@link DynamicConfiguration}, read together into one snapshot: a later
 * source wins for the same key, only {@code firebreak.*} and {@code hystrix.*} keys are kept, and a
 * source that fails keeps its last good snapshot (its failure reported once until it recovers). A
 * source that {@linkplain PropertySource#mayBeReadMidEdit() may be read mid-edit} changes its snapshot
 * only once the new one is stable ({@link SettlingSnapshot}). A {@linkplain PropertySource#isStore() store}
 * holds a snapshot that lost most of the keys in force until it has stayed so for the suspect settle
 * time, and a snapshot with a value refused on its own is refused whole ({@link WholeSnapshots}).
 *
 * <p>Not thread-safe: the owner reads it under its lock.
 */
final class SourceSet {

    private final List<PropertySource> sources;
    private final Ticker ticker;
    private final ResultPredicates predicates;
    private final Map<PropertySource, Map<String, String>> lastGood = new IdentityHashMap<>();
    private final Map<PropertySource, String> lastFailure = new IdentityHashMap<>();
    private final Map<PropertySource, SettlingSnapshot> settling = new IdentityHashMap<>();
    private final Map<PropertySource, String> revisions = new IdentityHashMap<>();
    private final Map<PropertySource, Long> failingSince = new IdentityHashMap<>();
    /** A store's last snapshot refused whole, so that its refusal is reported once. */
    private final Map<PropertySource, Map<String, String>> refusedWhole = new IdentityHashMap<>();
    /** What the last read left, for readers outside the owner's lock: immutable, replaced whole. */
    private volatile List<State> states = List.of();

    /** One source after a read: the fields of a SourceStatus, with the failure's start on the ticker. */
    private record State(String name, String revision, Set<String> keys, String failure, long failingSinceNanos) {
    }

    /**
     * {@code pollIntervalNanos}: the time a changed snapshot of a settling source must stay the same (0:
     * two reads); {@code suspectSettleNanos}: the time for a snapshot that lost most of the keys in force.
     */
    SourceSet(List<PropertySource> sources, GuardRegistry registry, long pollIntervalNanos, long suspectSettleNanos) {
        this.sources = List.copyOf(sources);
        this.ticker = registry.ticker();
        this.predicates = registry.resultPredicates();
        for (PropertySource source : this.sources) {
            if (source.mayBeReadMidEdit() || source.isStore()) {
                settling.put(source, new SettlingSnapshot(source.name(), pollIntervalNanos, suspectSettleNanos,
                        !source.mayBeReadMidEdit()));
            }
        }
    }

    /** Subscribes {@code listener} to every source that pushes changes. */
    void subscribe(Runnable listener) {
        for (PropertySource source : sources) {
            source.addChangeListener(listener);
        }
    }

    /** Undoes {@link #subscribe}. */
    void unsubscribe(Runnable listener) {
        for (PropertySource source : sources) {
            source.removeChangeListener(listener);
        }
    }

    /** Reads every source and merges them; new failures and held snapshots are added to {@code events}. */
    Map<String, String> read(List<ConfigEvent> events) {
        Map<String, String> merged = new LinkedHashMap<>();
        for (PropertySource source : sources) {
            SettlingSnapshot gate = settling.get(source);
            try {
                Map<String, String> snapshot = new HashMap<>();
                source.read().forEach((key, value) -> {
                    if (key != null && value != null && (key.startsWith("firebreak.") || key.startsWith("hystrix."))) {
                        snapshot.put(key, value);
                    }
                });
                Map<String, String> inForce = gate == null ? snapshot
                        : gate.offer(snapshot, lastGood.get(source), ticker.read(), events);
                if (inForce != null && source.isStore()) {
                    inForce = validatedWhole(source, inForce, events);
                }
                if (inForce != null) {
                    lastGood.put(source, inForce);
                    if (inForce == snapshot) { // the read is in force (not a snapshot held or refused instead)
                        revisions.put(source, source.snapshotRevision());
                    }
                }
                lastFailure.remove(source);
                failingSince.remove(source);
            } catch (IOException | RuntimeException failed) {
                if (gate != null) {
                    gate.failed();
                }
                String reason = String.valueOf(failed.getMessage());
                failingSince.putIfAbsent(source, ticker.read());
                if (!reason.equals(lastFailure.put(source, reason))) {
                    events.add(failure(source, failed, reason));
                }
            }
            merged.putAll(lastGood.getOrDefault(source, Map.of()));
        }
        List<State> now = new ArrayList<>();
        for (PropertySource source : sources) {
            Long since = failingSince.get(source);
            now.add(new State(source.name(), revisions.get(source), Set.copyOf(lastGood.getOrDefault(source, Map.of()).keySet()),
                    lastFailure.get(source), since == null ? Long.MIN_VALUE : since));
        }
        states = List.copyOf(now);
        return Map.copyOf(merged);
    }

    /**
     * A store's snapshot to put in force: {@code next} if each of its new values passes its own checks,
     * else the store's last valid snapshot, the refusal reported once per refused snapshot. A store's
     * first snapshot has nothing to keep instead: it is checked key by key, as any source's.
     */
    private Map<String, String> validatedWhole(PropertySource source, Map<String, String> next, List<ConfigEvent> events) {
        Map<String, String> before = lastGood.get(source);
        if (before == null || next.equals(before)) { // the first snapshot: no valid one to keep, refused key by key
            refusedWhole.remove(source);
            return next;
        }
        List<ConfigEvent> refusals = WholeSnapshots.refusals(source.name(), source.snapshotRevision(), next, before,
                predicates);
        if (refusals.isEmpty()) {
            refusedWhole.remove(source);
            return next;
        }
        if (!next.equals(refusedWhole.put(source, next))) {
            events.addAll(refusals);
        }
        return before;
    }

    /** Each source's state after the last read, with how long a failing one has failed as of {@code nowNanos}. Any thread. */
    List<SourceStatus> statuses(long nowNanos) {
        List<SourceStatus> statuses = new ArrayList<>();
        for (State s : states) {
            boolean failing = s.failure() != null;
            statuses.add(new SourceStatus(s.name(), s.revision(), s.keys(), failing, s.failure(),
                    failing ? Duration.ofNanos(Math.max(0L, nowNanos - s.failingSinceNanos())) : Duration.ZERO));
        }
        return List.copyOf(statuses);
    }

    /** SOURCE_MISSING for a source that does not exist, SOURCE_FAILED otherwise; says what stays in force. */
    private ConfigEvent failure(PropertySource source, Exception failed, String reason) {
        Map<String, String> kept = lastGood.get(source);
        if (failed instanceof NoSuchFileException) {
            return new ConfigEvent(ConfigEvent.Kind.SOURCE_MISSING, null, null, null, source.name(), null,
                    "source " + source.name() + " does not exist; " + (kept == null
                            ? "it contributes no properties until it appears"
                            : "its last properties (" + kept.size() + " keys) stay in force until it is back"));
        }
        return new ConfigEvent(ConfigEvent.Kind.SOURCE_FAILED, null, null, null, source.name(), null,
                "source " + source.name() + " cannot be read (" + failed.getClass().getSimpleName() + ": " + reason
                        + "); " + (kept == null ? "it contributes no properties until it can be read"
                                : "its previous properties stay in force"));
    }
}
