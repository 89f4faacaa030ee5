package dev.firebreak.bench;

import dev.firebreak.Guard;
import dev.firebreak.GuardRegistry;
import dev.firebreak.GuardedCall;
import dev.firebreak.retry.Retry;
import dev.firebreak.spring.annotation.Guarded;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;

/**
 * What declaring a policy costs a call over building it in code: a {@code @Guarded} method of a Spring
 * bean (the starter's proxy and interceptor) beside the same guard called from code, with and without
 * a retry ({@code @Guarded(retry = ...)} beside {@code Retry.named(...).through(guard)}). Every subject
 * goes through one guard of one Spring context, configured from its Environment (SEMAPHORE isolation,
 * the defaults otherwise), and each call succeeds at once, so the rows compare the success path that
 * every call of a healthy dependency takes. Not part of {@link Suite#all()}: run it with JMH's runner
 * ({@code org.openjdk.jmh.Main DeclaredRetryBenchmark}).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(1)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
public class DeclaredRetryBenchmark {

    /** {@code coded-guard}, {@code declared-guard}, {@code coded-retry} or {@code declared-retry}. */
    @Param({"coded-guard", "declared-guard", "coded-retry", "declared-retry"})
    public String subject;

    private ConfigurableApplicationContext context;
    private Subject protectedCall;

    /** Starts the application and checks one call of the subject returns the body's value. */
    @Setup(Level.Trial)
    public void setUp() throws Exception {
        context = new SpringApplicationBuilder(Application.class).web(WebApplicationType.NONE)
                .properties(Map.of("spring.main.banner-mode", "off", "logging.level.root", "warn",
                        "firebreak.command.bench.execution.isolation.strategy", "SEMAPHORE",
                        "firebreak.retry.bench.maxAttempts", "3"))
                .run();
        Service service = context.getBean(Service.class);
        Guard guard = context.getBean(GuardRegistry.class).find("bench").orElseThrow();
        GuardedCall<Long> body = Service::value; // made once: a method reference per call would allocate
        Subject chosen = switch (subject) {
            case "coded-guard" -> () -> guard.execute(body, null);
            case "declared-guard" -> service::guarded;
            case "coded-retry" -> {
                Retry retry = Retry.named("coded").through(guard).build();
                yield () -> retry.execute(body, null);
            }
            case "declared-retry" -> service::retried;
            default -> throw new IllegalArgumentException("unknown subject " + subject);
        };
        protectedCall = Subject.verified(chosen, Work.VALUE, subject);
    }

    /** Closes the application. */
    @TearDown(Level.Trial)
    public void tearDown() {
        context.close();
    }

    /** One protected call. */
    @Benchmark
    public long call() throws Exception {
        return protectedCall.call();
    }

    /** The application: Boot's auto-configuration (the starter's with it) and one bean with both methods. */
    @SpringBootConfiguration
    @EnableAutoConfiguration
    public static class Application {

        /** The bean whose methods are declared. */
        @Bean
        public Service service() {
            return new Service();
        }
    }

    /** Two methods of one guard: one declared alone, one with a retry. */
    public static class Service {

        /** The body every subject protects. */
        static long value() {
            return Work.VALUE;
        }

        /** Under the guard {@code bench}. */
        @Guarded(name = "bench")
        public long guarded() {
            return value();
        }

        /** Under the retry {@code bench}, each attempt through the guard {@code bench}. */
        @Guarded(name = "bench", retry = "bench")
        public long retried() {
            return value();
        }
    }
}
