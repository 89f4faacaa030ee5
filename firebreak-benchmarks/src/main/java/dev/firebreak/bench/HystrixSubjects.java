package dev.firebreak.bench;

import com.netflix.hystrix.Hystrix;
import com.netflix.hystrix.HystrixCommand;
import com.netflix.hystrix.HystrixCommandGroupKey;
import com.netflix.hystrix.HystrixCommandKey;
import com.netflix.hystrix.HystrixCommandProperties;
import com.netflix.hystrix.HystrixCommandProperties.ExecutionIsolationStrategy;
import java.util.function.UnaryOperator;

/**
 * Hystrix 1.5.18 subjects: one new {@link HystrixCommand} per call (Hystrix's commands are single
 * use), with Hystrix's defaults (1 s timeout, breaker, rolling metrics and percentiles; THREAD: the
 * default pool of 10 threads) and a fallback returning {@link Work#FALLBACK}.
 */
final class HystrixSubjects {

    private HystrixSubjects() {
    }

    /** The success path under SEMAPHORE (10 permits) or THREAD isolation. */
    static Subject success(String isolation, Work work) throws Exception {
        ExecutionIsolationStrategy strategy = switch (isolation) {
            case "semaphore" -> ExecutionIsolationStrategy.SEMAPHORE;
            case "thread" -> ExecutionIsolationStrategy.THREAD;
            default -> throw new IllegalArgumentException("unknown Hystrix isolation '" + isolation + "'");
        };
        HystrixCommand.Setter setter = setter("bench-" + isolation,
                p -> p.withExecutionIsolationStrategy(strategy).withExecutionIsolationSemaphoreMaxConcurrentRequests(10));
        return Subject.verified(commands(setter, work), Work.VALUE, "hystrix-" + isolation);
    }

    /** A command whose breaker is forced open: SHORT_CIRCUITED, then the fallback. */
    static Subject shortCircuited() throws Exception {
        HystrixCommand.Setter setter = setter("bench-short-circuited",
                p -> p.withExecutionIsolationStrategy(ExecutionIsolationStrategy.SEMAPHORE).withCircuitBreakerForceOpen(true));
        return Subject.verified(commands(setter, () -> Work.VALUE), Work.FALLBACK, "hystrix short-circuited");
    }

    /** A SEMAPHORE command with no permit: SEMAPHORE_REJECTED, then the fallback; the breaker forced closed. */
    static Subject rejected() throws Exception {
        HystrixCommand.Setter setter = setter("bench-rejected",
                p -> p.withExecutionIsolationStrategy(ExecutionIsolationStrategy.SEMAPHORE)
                        .withExecutionIsolationSemaphoreMaxConcurrentRequests(0)
                        .withCircuitBreakerForceClosed(true));
        return Subject.verified(commands(setter, () -> Work.VALUE), Work.FALLBACK, "hystrix rejected");
    }

    /**
     * A THREAD command that sleeps past its timeout: the caller gets the fallback at the deadline. The
     * breaker is forced closed: the timeouts would open it.
     */
    static Subject timingOut(int timeoutMillis, long sleepMillis) throws Exception {
        HystrixCommand.Setter setter = setter("bench-timeout",
                p -> p.withExecutionIsolationStrategy(ExecutionIsolationStrategy.THREAD)
                        .withExecutionTimeoutInMilliseconds(timeoutMillis)
                        .withCircuitBreakerForceClosed(true));
        Work sleeper = () -> {
            try {
                Thread.sleep(sleepMillis);
            } catch (InterruptedException interrupted) {
                Thread.currentThread().interrupt();
            }
            return Work.VALUE;
        };
        return Subject.verified(commands(setter, sleeper), Work.FALLBACK, "hystrix timing out");
    }

    private static HystrixCommand.Setter setter(String key, UnaryOperator<HystrixCommandProperties.Setter> properties) {
        return HystrixCommand.Setter.withGroupKey(HystrixCommandGroupKey.Factory.asKey("bench"))
                .andCommandKey(HystrixCommandKey.Factory.asKey(key))
                .andCommandPropertiesDefaults(properties.apply(HystrixCommandProperties.Setter()));
    }

    private static Subject commands(HystrixCommand.Setter setter, Work work) {
        return new Subject() {
            @Override
            public long call() {
                return new BenchCommand(setter, work).execute();
            }

            @Override
            public void close() {
                Hystrix.reset();
            }
        };
    }

    /** The command: runs the work, falls back to {@link Work#FALLBACK}. */
    private static final class BenchCommand extends HystrixCommand<Long> {
        private final Work work;

        BenchCommand(Setter setter, Work work) {
            super(setter);
            this.work = work;
        }

        @Override
        protected Long run() {
            return work.run();
        }

        @Override
        protected Long getFallback() {
            return Work.FALLBACK;
        }
    }
}
