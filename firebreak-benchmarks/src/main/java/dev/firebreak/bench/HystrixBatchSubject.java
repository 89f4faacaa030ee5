package dev.firebreak.bench;

import com.netflix.hystrix.Hystrix;
import com.netflix.hystrix.HystrixCollapser;
import com.netflix.hystrix.HystrixCollapserKey;
import com.netflix.hystrix.HystrixCollapserProperties;
import com.netflix.hystrix.HystrixCommand;
import com.netflix.hystrix.HystrixCommandGroupKey;
import com.netflix.hystrix.HystrixCommandKey;
import com.netflix.hystrix.HystrixCommandProperties;
import com.netflix.hystrix.HystrixCommandProperties.ExecutionIsolationStrategy;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.Future;

/**
 * Hystrix's collapser measured without its window: GLOBAL scope, a 60 s timer and
 * {@code maxRequestsInBatch = n}, request cache off; the batch command runs under SEMAPHORE
 * isolation with Hystrix's defaults and answers each request with its argument.
 *
 * <p>Hystrix sends a full batch only when the next request is offered (request n+1 finds it full and
 * executes it), so the measurement is pipelined: each {@link #submitBatch()} submits n requests,
 * whose first one sends the previous n, then collects the previous n's answers. In steady state each
 * call submits n requests and completes one batch of n, as Firebreak's does.
 */
final class HystrixBatchSubject implements BatchSubject {

    private final HystrixCollapser.Setter collapserSetter;
    private final HystrixCommand.Setter commandSetter;
    private final int n;
    private List<Future<Integer>> previous;

    private HystrixBatchSubject(int n) {
        this.n = n;
        this.collapserSetter = HystrixCollapser.Setter.withCollapserKey(HystrixCollapserKey.Factory.asKey("bench-" + n))
                .andScope(HystrixCollapser.Scope.GLOBAL)
                .andCollapserPropertiesDefaults(HystrixCollapserProperties.Setter()
                        .withMaxRequestsInBatch(n).withTimerDelayInMilliseconds(60_000).withRequestCacheEnabled(false));
        this.commandSetter = HystrixCommand.Setter.withGroupKey(HystrixCommandGroupKey.Factory.asKey("bench"))
                .andCommandKey(HystrixCommandKey.Factory.asKey("bench-batch-" + n))
                .andCommandPropertiesDefaults(HystrixCommandProperties.Setter()
                        .withExecutionIsolationStrategy(ExecutionIsolationStrategy.SEMAPHORE));
        this.previous = submit();
    }

    /** A verified subject for batches of {@code n}. */
    static BatchSubject create(int n) throws Exception {
        return BatchSubject.verified(new HystrixBatchSubject(n), n, "hystrix collapser");
    }

    @Override
    public long submitBatch() throws Exception {
        List<Future<Integer>> current = submit();
        long sum = 0;
        for (Future<Integer> answer : previous) {
            if (!answer.isDone()) {
                throw new IllegalStateException("a request of the previous batch is still waiting");
            }
            sum += answer.get();
        }
        previous = current;
        return sum;
    }

    @Override
    public void close() {
        Hystrix.reset();
    }

    private List<Future<Integer>> submit() {
        List<Future<Integer>> futures = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            futures.add(new OneRequest(this, i).queue());
        }
        return futures;
    }

    /** One request: Hystrix's collapsers are single use, one instance per request. */
    private static final class OneRequest extends HystrixCollapser<List<Integer>, Integer, Integer> {
        private final HystrixBatchSubject owner;
        private final Integer argument;

        OneRequest(HystrixBatchSubject owner, Integer argument) {
            super(owner.collapserSetter);
            this.owner = owner;
            this.argument = argument;
        }

        @Override
        public Integer getRequestArgument() {
            return argument;
        }

        @Override
        protected HystrixCommand<List<Integer>> createCommand(Collection<CollapsedRequest<Integer, Integer>> requests) {
            return new EchoCommand(owner.commandSetter, requests);
        }

        @Override
        protected void mapResponseToRequests(List<Integer> response, Collection<CollapsedRequest<Integer, Integer>> requests) {
            int position = 0;
            for (CollapsedRequest<Integer, Integer> request : requests) {
                request.setResponse(response.get(position++));
            }
        }
    }

    /** The batch command: answers each request with its argument. */
    private static final class EchoCommand extends HystrixCommand<List<Integer>> {
        private final Collection<HystrixCollapser.CollapsedRequest<Integer, Integer>> requests;

        EchoCommand(Setter setter, Collection<HystrixCollapser.CollapsedRequest<Integer, Integer>> requests) {
            super(setter);
            this.requests = requests;
        }

        @Override
        protected List<Integer> run() {
            List<Integer> answers = new ArrayList<>(requests.size());
            for (HystrixCollapser.CollapsedRequest<Integer, Integer> request : requests) {
                answers.add(request.getArgument());
            }
            return answers;
        }
    }
}
