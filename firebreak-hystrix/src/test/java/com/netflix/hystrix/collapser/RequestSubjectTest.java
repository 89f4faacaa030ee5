package com.netflix.hystrix.collapser;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import rx.Subscription;
import rx.observers.TestSubscriber;

/** {@link CollapsedRequestSubject}: one collapsed request's outcome as an Observable. */
class RequestSubjectTest {

    private static TestSubscriber<String> subscribe(CollapsedRequestSubject<String, Integer> request) {
        TestSubscriber<String> subscriber = new TestSubscriber<>();
        request.toObservable().subscribe(subscriber);
        return subscriber;
    }

    @Test
    void emittedResponsesThenCompletionReachEverySubscriberInOrder() {
        CollapsedRequestSubject<String, Integer> request = new CollapsedRequestSubject<>(7);
        TestSubscriber<String> early = subscribe(request);
        request.emitResponse("a");
        request.emitResponse("b");
        request.setComplete();
        TestSubscriber<String> late = subscribe(request); // replays

        assertThat(request.getArgument()).isEqualTo(7);
        for (TestSubscriber<String> s : List.of(early, late)) {
            s.assertValues("a", "b");
            s.assertCompleted();
        }
    }

    @Test
    void aRequestEndsOnceAndTheSecondEndingNamesTheArgument() {
        CollapsedRequestSubject<String, Integer> request = new CollapsedRequestSubject<>(3);
        TestSubscriber<String> s = subscribe(request);
        request.setException(new IllegalArgumentException("bad"));

        assertThatThrownBy(() -> request.setResponse("late")).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("argument 3").hasMessageContaining("setResponse(late)");
        assertThatThrownBy(() -> request.emitResponse("late")).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(request::setComplete).isInstanceOf(IllegalStateException.class);
        s.assertError(IllegalArgumentException.class);
        s.assertNoValues();
    }

    @Test
    void aRequestAllOfWhoseSubscribersLeftDropsItsOutcomeQuietly() {
        CollapsedRequestSubject<String, Integer> request = new CollapsedRequestSubject<>(1);
        Subscription one = request.toObservable().subscribe();
        TestSubscriber<String> two = subscribe(request);
        one.unsubscribe();
        request.emitResponse("still wanted"); // one subscriber is left
        two.unsubscribe();

        request.setResponse("nobody"); // abandoned: no error
        request.setException(new RuntimeException("nobody either"));
        two.assertValues("still wanted");
        two.assertNoTerminalEvent();
    }

    @Test
    void leavingAfterTheEndKeepsTheOutcome() {
        CollapsedRequestSubject<String, Integer> request = new CollapsedRequestSubject<>(2);
        TestSubscriber<String> s = subscribe(request);
        request.setResponse(null);
        s.unsubscribe();
        assertThatThrownBy(() -> request.setResponse("again")).isInstanceOf(IllegalStateException.class);
        s.assertValue(null);
        s.assertCompleted();
    }
}
