package com.netflix.hystrix.metric;

import com.netflix.hystrix.HystrixCommandKey;
import java.util.concurrent.ConcurrentHashMap;
import rx.Observable;
import rx.subjects.PublishSubject;
import rx.subjects.SerializedSubject;
import rx.subjects.Subject;

/**
 * The commands of one command key as they finish. Every bridged command writes its completion here
 * when its outcome is known, only while some stream (of any key) is observed.
 */
public final class HystrixCommandCompletionStream {

    // One subject for every key: a command's completion is written once and each stream keeps its own
    // key. PublishSubject.hasObservers() is the writers' check, so that no completion is built (and
    // nothing is counted) while nobody listens.
    private static final PublishSubject<HystrixCommandCompletion> SUBJECT = PublishSubject.create();
    static final Subject<HystrixCommandCompletion, HystrixCommandCompletion> ALL = new SerializedSubject<>(SUBJECT);
    private static final ConcurrentHashMap<String, HystrixCommandCompletionStream> STREAMS = new ConcurrentHashMap<>();

    private final HystrixCommandKey key;
    private final Observable<HystrixCommandCompletion> stream;

    /* Package-private, as in 1.5.18: a second view of the key's completions (getInstance keeps one per key). */
    HystrixCommandCompletionStream(HystrixCommandKey key) {
        this.key = key;
        String name = key.name();
        this.stream = ALL.filter(c -> c.getCommandKey().name().equals(name))
                .lift(new SubscriberShield<>(toString()));
    }

    /** The stream of {@code commandKey}. */
    public static HystrixCommandCompletionStream getInstance(HystrixCommandKey commandKey) {
        return STREAMS.computeIfAbsent(commandKey.name(), k -> new HystrixCommandCompletionStream(commandKey));
    }

    /** Whether any completion stream is observed now: writers check it before building a completion. */
    public static boolean isObserved() {
        return SUBJECT.hasObservers();
    }

    /**
     * Publishes a finished command of this key.
     *
     * @throws IllegalArgumentException if the completion is of another command key
     */
    public void write(HystrixCommandCompletion completion) {
        if (!completion.getCommandKey().name().equals(key.name())) {
            throw new IllegalArgumentException("HystrixCommandCompletionStream of " + key.name()
                    + ": a completion of " + completion.getCommandKey().name() + " was written to it");
        }
        ALL.onNext(completion);
    }

    /** This key's completions from now on (hot: earlier ones are not replayed). */
    public Observable<HystrixCommandCompletion> observe() {
        return stream;
    }

    @Override
    public String toString() {
        return "HystrixCommandCompletionStream(" + key.name() + ")";
    }
}
