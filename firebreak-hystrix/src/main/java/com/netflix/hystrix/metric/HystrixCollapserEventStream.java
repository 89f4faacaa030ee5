package com.netflix.hystrix.metric;

import com.netflix.hystrix.HystrixCollapserKey;
import java.util.concurrent.ConcurrentHashMap;
import rx.Observable;
import rx.subjects.PublishSubject;
import rx.subjects.SerializedSubject;
import rx.subjects.Subject;

/**
 * The events of one collapser key as they happen: its batches, the requests they carried and its
 * request-cache hits. The bridge writes them from what the key's Firebreak collapser does.
 */
public final class HystrixCollapserEventStream {

    // One subject for every key, each stream keeping its own key: a stream made after reset() still
    // hears the events written through an instance made before it, and the other way round.
    private static final Subject<HystrixCollapserEvent, HystrixCollapserEvent> ALL = new SerializedSubject<>(PublishSubject.create());
    private static final ConcurrentHashMap<String, HystrixCollapserEventStream> STREAMS = new ConcurrentHashMap<>();

    private final HystrixCollapserKey key;
    private final Observable<HystrixCollapserEvent> stream;

    private HystrixCollapserEventStream(HystrixCollapserKey key) {
        this.key = key;
        String name = key.name();
        this.stream = ALL.filter(event -> event.getCollapserKey().name().equals(name)).lift(new SubscriberShield<>(toString()));
    }

    /** The stream of {@code collapserKey}. */
    public static HystrixCollapserEventStream getInstance(HystrixCollapserKey collapserKey) {
        return STREAMS.computeIfAbsent(collapserKey.name(), k -> new HystrixCollapserEventStream(collapserKey));
    }

    /** Forgets every stream instance; their subscribers still hear their keys' events. */
    public static void reset() {
        STREAMS.clear();
    }

    /**
     * Publishes an event of this key.
     *
     * @throws IllegalArgumentException if the event is of another collapser key
     */
    public void write(HystrixCollapserEvent event) {
        if (!event.getCollapserKey().name().equals(key.name())) {
            throw new IllegalArgumentException("HystrixCollapserEventStream of " + key.name()
                    + ": an event of " + event.getCollapserKey().name() + " was written to it");
        }
        ALL.onNext(event);
    }

    /** This key's events from now on (hot: earlier ones are not replayed). */
    public Observable<HystrixCollapserEvent> observe() {
        return stream;
    }

    @Override
    public String toString() {
        return "HystrixCollapserEventStream(" + key.name() + ")";
    }
}
