package dev.firebreak.lab.experiment.overload;

import com.netflix.hystrix.Hystrix;
import com.netflix.hystrix.HystrixCommand;
import com.netflix.hystrix.HystrixCommandGroupKey;
import com.netflix.hystrix.HystrixCommandKey;
import com.netflix.hystrix.HystrixCommandProperties;
import com.netflix.hystrix.HystrixThreadPoolKey;
import com.netflix.hystrix.HystrixThreadPoolProperties;
import com.netflix.hystrix.exception.HystrixRuntimeException;
import java.util.concurrent.CompletableFuture;

/**
 * Hystrix 1.5.18 with a static THREAD pool sized by seed 003's rules (coreSize, maximumSize, queue and
 * timeout from {@link SeedSizing}); the blocking HTTP call runs on the pool's threads. The breaker is
 * off and there is no fallback, so that only the pool shapes the load, as for every other variant. A
 * refusal of the pool or its queue is a rejection; a timeout is a failure. Its limit is what it admits
 * at most: maximumSize running plus the queue.
 */
final class HystrixCaller implements OverloadCaller {

    private final HttpCalls http;
    private final HystrixCommand.Setter setter;
    private final int admitted;

    HystrixCaller(VariantContext context) {
        this.http = new HttpCalls(context.uri(), context.timeout());
        SeedSizing sizing = context.sizing();
        this.admitted = sizing.maximumSize() + sizing.queueSize();
        this.setter = HystrixCommand.Setter.withGroupKey(HystrixCommandGroupKey.Factory.asKey("overload"))
                .andCommandKey(HystrixCommandKey.Factory.asKey("overload-work"))
                .andThreadPoolKey(HystrixThreadPoolKey.Factory.asKey("overload-pool"))
                .andThreadPoolPropertiesDefaults(HystrixThreadPoolProperties.Setter().withCoreSize(sizing.coreSize())
                        .withMaximumSize(sizing.maximumSize()).withAllowMaximumSizeToDivergeFromCoreSize(true)
                        .withMaxQueueSize(sizing.queueSize()).withQueueSizeRejectionThreshold(sizing.queueSize()))
                .andCommandPropertiesDefaults(HystrixCommandProperties.Setter().withExecutionTimeoutInMilliseconds(sizing.timeoutMs())
                        .withCircuitBreakerEnabled(false).withFallbackEnabled(false));
    }

    @Override
    public CompletableFuture<Outcome> call() {
        CompletableFuture<Outcome> outcome = new CompletableFuture<>();
        new WorkCommand(setter, http).toObservable().subscribe(status -> outcome.complete(Outcome.OK),
                failure -> outcome.complete(classify(failure)));
        return outcome;
    }

    private static Outcome classify(Throwable failure) {
        if (failure instanceof HystrixRuntimeException h && (h.getFailureType() == HystrixRuntimeException.FailureType.REJECTED_THREAD_EXECUTION
                || h.getFailureType() == HystrixRuntimeException.FailureType.REJECTED_SEMAPHORE_EXECUTION)) {
            return Outcome.REJECTED;
        }
        return Outcome.FAILED;
    }

    @Override
    public double limit() {
        return admitted;
    }

    @Override
    public void close() {
        http.close();
        Hystrix.reset(); // pools, properties and keys live in static maps: forget them before the next run
    }

    /** The command: the blocking call on a pool thread. */
    private static final class WorkCommand extends HystrixCommand<Integer> {
        private final HttpCalls http;

        WorkCommand(Setter setter, HttpCalls http) {
            super(setter);
            this.http = http;
        }

        @Override
        protected Integer run() throws Exception {
            return http.send();
        }
    }
}
