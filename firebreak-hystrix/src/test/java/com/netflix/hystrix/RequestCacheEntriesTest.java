package com.netflix.hystrix;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.netflix.hystrix.strategy.concurrency.HystrixConcurrencyStrategyDefault;
import com.netflix.hystrix.strategy.concurrency.HystrixRequestContext;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import rx.Observable;
import rx.subjects.PublishSubject;

/** The entries code puts with {@code HystrixRequestCache.putIfAbsent}, beside the commands' own cache. */
@SuppressWarnings("try") // contexts opened for their effect on the thread
class RequestCacheEntriesTest extends BridgeFixture {

    private static HystrixRequestCache cache(String key) {
        return HystrixRequestCache.getInstance(key(key), HystrixConcurrencyStrategyDefault.getInstance());
    }

    @Test
    void theFirstEntryUnderAKeyStaysAndIsReplayedToEveryReader() {
        AtomicInteger subscriptions = new AtomicInteger();
        Observable<String> source = Observable.just("a", "b").doOnSubscribe(subscriptions::incrementAndGet);
        try (HystrixRequestContext context = HystrixRequestContext.initializeContext()) {
            HystrixCachedObservable<String> first = HystrixCachedObservable.from(source);
            assertThat(cache("Entries").putIfAbsent("k", first)).isNull();
            HystrixCachedObservable<String> second = HystrixCachedObservable.from(Observable.just("z"));
            assertThat(cache("Entries").putIfAbsent("k", second)).isSameAs(first);

            assertThat(cache("Entries").<String>get("k").toObservable().toList().toBlocking().single()).containsExactly("a", "b");
            assertThat(cache("Entries").<String>get("k").toObservable().toList().toBlocking().single()).containsExactly("a", "b");
            assertThat(subscriptions).hasValue(1);
            assertThat(cache("Other").<String>get("k")).isNull();
        }
        try (HystrixRequestContext next = HystrixRequestContext.initializeContext()) {
            assertThat(cache("Entries").<String>get("k")).isNull();
        }
    }

    @Test
    void theEntryThatLostStopsListeningToItsSource() {
        PublishSubject<String> loser = PublishSubject.create();
        try (HystrixRequestContext context = HystrixRequestContext.initializeContext()) {
            cache("Entries").putIfAbsent("k", HystrixCachedObservable.from(Observable.just("kept")));
            cache("Entries").putIfAbsent("k", HystrixCachedObservable.from(loser));
            assertThat(loser.hasObservers()).isFalse();
        }
    }

    @Test
    void clearForgetsAnEntry() {
        try (HystrixRequestContext context = HystrixRequestContext.initializeContext()) {
            cache("Entries").putIfAbsent("k", HystrixCachedObservable.from(Observable.just("a")));
            cache("Entries").clear("k");
            assertThat(cache("Entries").<String>get("k")).isNull();
        }
    }

    @Test
    void outsideARequestContextGetAndPutThrowWithHystrixMessage() {
        assertThatThrownBy(() -> cache("Entries").get("k")).isExactlyInstanceOf(IllegalStateException.class)
                .hasMessageContaining("HystrixRequestContext");
        assertThatThrownBy(() -> cache("Entries").putIfAbsent("k", HystrixCachedObservable.from(Observable.just("a"))))
                .isExactlyInstanceOf(IllegalStateException.class);
    }

    @Test
    void commandsAndEntriesShareTheKeyButNotTheirValues() {
        try (HystrixRequestContext context = HystrixRequestContext.initializeContext()) {
            TestCommand first = new TestCommand(TestCommand.named("Keyed", semaphore()), () -> "ran", "k");
            assertThat(first.execute()).isEqualTo("ran");
            // The command holds the key: an entry does not go in, and the command's outcome is not an entry.
            assertThat(cache("Keyed").putIfAbsent("k", HystrixCachedObservable.from(Observable.just("put")))).isNull();
            assertThat(cache("Keyed").<String>get("k")).isNull();
            TestCommand hit = new TestCommand(TestCommand.named("Keyed", semaphore()), () -> "again", "k");
            assertThat(hit.execute()).isEqualTo("ran");
            assertThat(hit.isResponseFromCache()).isTrue();

            // An entry put first leaves a command with its key to run as the first.
            cache("Keyed").putIfAbsent("e", HystrixCachedObservable.from(Observable.just("put")));
            TestCommand runs = new TestCommand(TestCommand.named("Keyed", semaphore()), () -> "own", "e");
            assertThat(runs.execute()).isEqualTo("own");
            assertThat(runs.isResponseFromCache()).isFalse();
        }
    }
}
