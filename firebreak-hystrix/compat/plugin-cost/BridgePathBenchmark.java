package dev.firebreak.hystrix.cost;

import com.netflix.hystrix.HystrixCommand;
import com.netflix.hystrix.HystrixCommandGroupKey;
import com.netflix.hystrix.HystrixCommandKey;
import com.netflix.hystrix.HystrixCommandProperties;
import com.netflix.hystrix.HystrixCommandProperties.ExecutionIsolationStrategy;
import dev.firebreak.Guard;
import dev.firebreak.GuardRegistry;
import dev.firebreak.Isolation;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The bridge's command path with no plugin registered, beside a Firebreak guard of the same
 * isolation in the same JVM. Compiled unchanged against two builds of the bridge (see the
 * {@code plugin-cost} script next to it): the guard row tells how much of a difference between the
 * builds comes from core itself, the bridged row what the bridge adds on top.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class BridgePathBenchmark {

    @Param({"semaphore", "thread"})
    public String isolation;

    private Guard guard;
    private HystrixCommand.Setter setter;

    @Setup
    public void setUp() {
        boolean semaphore = isolation.equals("semaphore");
        guard = GuardRegistry.builder().build().guard("cost-guard-" + isolation)
                .isolation(semaphore ? Isolation.semaphore(10) : Isolation.threadPool())
                .build();
        setter = HystrixCommand.Setter.withGroupKey(HystrixCommandGroupKey.Factory.asKey("cost-" + isolation))
                .andCommandKey(HystrixCommandKey.Factory.asKey("cost-command-" + isolation))
                .andCommandPropertiesDefaults(HystrixCommandProperties.Setter().withExecutionIsolationStrategy(
                        semaphore ? ExecutionIsolationStrategy.SEMAPHORE : ExecutionIsolationStrategy.THREAD));
        if (!bridged().equals(42L) || guarded() != 42L) {
            throw new IllegalStateException("a path did not return its value");
        }
    }

    @Benchmark
    public Long bridged() {
        return new HystrixCommand<Long>(setter) {
            @Override
            protected Long run() {
                return 42L;
            }
        }.execute();
    }

    @Benchmark
    public long guarded() {
        return guard.execute(() -> 42L);
    }
}
