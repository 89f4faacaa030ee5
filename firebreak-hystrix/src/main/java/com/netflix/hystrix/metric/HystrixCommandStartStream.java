package com.netflix.hystrix.metric;

import com.netflix.hystrix.HystrixCommandKey;
import java.util.concurrent.ConcurrentHashMap;
import rx.Observable;
import rx.subjects.PublishSubject;
import rx.subjects.SerializedSubject;
import rx.subjects.Subject;

/**
 * The commands of one command key as their run (or construct) starts; a command that does not run (a
 * cache hit, a short-circuit, a rejection) never appears. Written only while some stream is observed.
 */
public final class HystrixCommandStartStream {

    // One subject for every key, as in HystrixCommandCompletionStream; hasObservers() is the writers' check.
    private static final PublishSubject<HystrixCommandExecutionStarted> SUBJECT = PublishSubject.create();
    static final Subject<HystrixCommandExecutionStarted, HystrixCommandExecutionStarted> ALL = new SerializedSubject<>(SUBJECT);
    private static final ConcurrentHashMap<String, HystrixCommandStartStream> STREAMS = new ConcurrentHashMap<>();

    private final HystrixCommandKey key;
    private final Observable<HystrixCommandExecutionStarted> stream;

    private HystrixCommandStartStream(HystrixCommandKey key) {
        this.key = key;
        String name = key.name();
        this.stream = ALL.filter(s -> s.getCommandKey().name().equals(name))
                .lift(new SubscriberShield<>(toString()));
    }

    /** The stream of {@code commandKey}. */
    public static HystrixCommandStartStream getInstance(HystrixCommandKey commandKey) {
        return STREAMS.computeIfAbsent(commandKey.name(), k -> new HystrixCommandStartStream(commandKey));
    }

    /** Whether any start stream is observed now: writers check it before building a start. */
    public static boolean isObserved() {
        return SUBJECT.hasObservers();
    }

    /**
     * Publishes a start of this key.
     *
     * @throws IllegalArgumentException if the start is of another command key
     */
    public void write(HystrixCommandExecutionStarted started) {
        if (!started.getCommandKey().name().equals(key.name())) {
            throw new IllegalArgumentException("HystrixCommandStartStream of " + key.name()
                    + ": a start of " + started.getCommandKey().name() + " was written to it");
        }
        ALL.onNext(started);
    }

    /** This key's starts from now on (hot: earlier ones are not replayed). */
    public Observable<HystrixCommandExecutionStarted> observe() {
        return stream;
    }

    @Override
    public String toString() {
        return "HystrixCommandStartStream(" + key.name() + ")";
    }
}
