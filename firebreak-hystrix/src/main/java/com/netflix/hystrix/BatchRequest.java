package com.netflix.hystrix;

import dev.firebreak.collapse.Answers;
import java.util.ArrayList;
import java.util.List;

/**
 * One collapsed request as the user's {@code mapResponseToRequests} sees it: its argument, and the
 * response(s) or exception the mapping gives it. Written by the one thread that maps the batch, then
 * delivered once to the Firebreak collapser's answers.
 */
final class BatchRequest<R, A> implements HystrixCollapser.CollapsedRequest<R, A> {

    private final A argument;
    private final List<R> responses = new ArrayList<>();
    private Exception exception;
    private boolean complete;

    BatchRequest(A argument) {
        this.argument = argument;
    }

    @Override
    public A getArgument() {
        return argument;
    }

    @Override
    public synchronized void setResponse(R response) {
        if (complete) {
            throw new IllegalStateException("Response has already been set: " + argument);
        }
        responses.add(response);
        complete = true;
    }

    @Override
    public synchronized void emitResponse(R response) {
        if (complete) {
            throw new IllegalStateException("Response has already terminated: " + argument);
        }
        responses.add(response);
    }

    @Override
    public synchronized void setException(Exception e) {
        if (complete && exception != null) {
            throw new IllegalStateException("Exception has already been set: " + argument);
        }
        exception = e;
        complete = true;
    }

    @Override
    public synchronized void setComplete() {
        complete = true;
    }

    synchronized boolean answered() {
        return exception != null || !responses.isEmpty();
    }

    /**
     * Gives this request's outcome to position {@code i}: its exception, its single response (or the
     * list of them when {@code many}), or, with none, a failure naming the collapser whose mapping
     * left it unanswered (an empty list when {@code many}).
     */
    synchronized void deliver(Answers<Object> answers, int i, boolean many, String collapserKey) {
        if (exception != null) {
            answers.fail(i, exception);
        } else if (many) {
            answers.answer(i, List.copyOf(responses));
        } else if (!responses.isEmpty()) {
            answers.answer(i, responses.get(0));
        } else {
            answers.fail(i, new IllegalStateException("No response set by " + collapserKey
                    + " 'mapResponseToRequests' implementation for argument " + argument));
        }
    }
}
