package dev.firebreak.hystrix.javanica;

import static dev.firebreak.hystrix.javanica.JavanicaContexts.command;
import static dev.firebreak.hystrix.javanica.JavanicaContexts.runner;
import static java.util.concurrent.TimeUnit.SECONDS;
import static org.assertj.core.api.Assertions.assertThat;

import com.netflix.hystrix.HystrixEventType;
import com.netflix.hystrix.contrib.javanica.annotation.DefaultProperties;
import com.netflix.hystrix.contrib.javanica.annotation.HystrixCommand;
import com.netflix.hystrix.contrib.javanica.command.AsyncResult;
import com.netflix.hystrix.strategy.concurrency.HystrixRequestContext;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import rx.Observable;

/** javanica's fallback rules, each on a real Spring bean behind the auto-configured aspect. */
class FallbackRulesTest {

    @Test
    void fallbackWithTheSameSignatureGetsTheArguments() {
        runner().withBean(Users.class).run(context -> {
            try (HystrixRequestContext ignored = HystrixRequestContext.initializeContext()) {
                assertThat(context.getBean(Users.class).plain("7")).isEqualTo("plain-fallback:7");
                assertThat(command("plain").getExecutionEvents())
                        .contains(HystrixEventType.FAILURE, HystrixEventType.FALLBACK_SUCCESS);
            }
        });
    }

    @Test
    void fallbackWithAThrowableParameterReceivesTheCommandsException() {
        runner().withBean(Users.class).run(context -> {
            assertThat(context.getBean(Users.class).withCause("7")).isEqualTo("cause-fallback:7:withCause failed");
        });
    }

    @Test
    void theThrowableVariantIsPreferredWhenBothExist() {
        runner().withBean(Users.class).run(context -> {
            assertThat(context.getBean(Users.class).both("7")).isEqualTo("with throwable");
        });
    }

    @Test
    void chainedFallbacksEachGetTheExceptionOfTheOneBefore() {
        runner().withBean(Users.class).run(context -> {
            Users users = context.getBean(Users.class);
            try (HystrixRequestContext ignored = HystrixRequestContext.initializeContext()) {
                assertThat(users.chained("1")).isEqualTo("static:1");
                assertThat(users.seen()).containsExactly("fallback1 saw: chained failed", "fallback3 saw: fallback2 failed");
                assertThat(JavanicaContexts.executed()).extracting(c -> c.getCommandKey().name())
                        .contains("chained", "fallback1", "fallback2", "fallback3");
            }
        });
    }

    @Test
    void defaultFallbackOfTheCommandAndOfTheClassTakeNoArguments() {
        runner().withBean(Users.class).withBean(Defaults.class).run(context -> {
            assertThat(context.getBean(Users.class).commandDefault("x")).isEqualTo("command default");
            Defaults defaults = context.getBean(Defaults.class);
            assertThat(defaults.first(1)).isEqualTo("class default: first failed");
            assertThat(defaults.second("a", "b")).isEqualTo("class default: second failed");
            assertThat(defaults.own()).isEqualTo("own fallback wins");
        });
    }

    @Test
    void asyncCommandTakesASyncOrAnAsyncFallback() {
        runner().withBean(Users.class).run(context -> {
            Users users = context.getBean(Users.class);
            Future<String> ok = users.async("5");
            assertThat(ok.get(10, SECONDS)).isEqualTo("async:5");
            assertThat(users.asyncFailing("5").get(10, SECONDS)).isEqualTo("sync fallback:5");
            assertThat(users.asyncFailingAsyncFallback("5").get(10, SECONDS)).isEqualTo("async fallback:5");
        });
    }

    @Test
    void observableCommandFallsBackToAnObservableOrAValue() {
        runner().withBean(Users.class).run(context -> {
            Users users = context.getBean(Users.class);
            assertThat(users.observable("a").toList().toBlocking().single()).containsExactly("a", "a");
            assertThat(users.observableFailing("b").toList().toBlocking().single()).containsExactly("fb", "b");
        });
    }

    @Test
    void fallbackInASuperclassIsFound() {
        runner().withBean(Child.class).run(context -> {
            assertThat(context.getBean(Child.class).inherited("z")).isEqualTo("parent fallback:z");
        });
    }

    /** A service with one command per rule. */
    public static class Users {
        private final List<String> seen = new CopyOnWriteArrayList<>();

        /** What the fallbacks saw (read through the proxy, so a method). */
        public List<String> seen() {
            return seen;
        }

        @HystrixCommand(fallbackMethod = "plainFallback")
        public String plain(String id) {
            throw new IllegalStateException("plain failed");
        }

        private String plainFallback(String id) {
            return "plain-fallback:" + id;
        }

        @HystrixCommand(fallbackMethod = "causeFallback")
        public String withCause(String id) {
            throw new IllegalStateException("withCause failed");
        }

        String causeFallback(String id, Throwable cause) {
            return "cause-fallback:" + id + ":" + cause.getMessage();
        }

        @HystrixCommand(fallbackMethod = "twoVariants")
        public String both(String id) {
            throw new IllegalStateException("both failed");
        }

        String twoVariants(String id) {
            return "without throwable";
        }

        String twoVariants(String id, Throwable cause) {
            return "with throwable";
        }

        @HystrixCommand(fallbackMethod = "fallback1")
        public String chained(String id) {
            throw new IllegalStateException("chained failed");
        }

        @HystrixCommand(fallbackMethod = "fallback2")
        String fallback1(String id, Throwable e) {
            seen.add("fallback1 saw: " + e.getMessage());
            throw new IllegalStateException("fallback1 failed");
        }

        @HystrixCommand(fallbackMethod = "fallback3")
        String fallback2(String id) {
            throw new IllegalStateException("fallback2 failed");
        }

        @HystrixCommand(fallbackMethod = "staticFallback")
        String fallback3(String id, Throwable e) {
            seen.add("fallback3 saw: " + e.getMessage());
            throw new IllegalStateException("fallback3 failed");
        }

        String staticFallback(String id, Throwable e) {
            return "static:" + id;
        }

        @HystrixCommand(defaultFallback = "noArguments")
        public String commandDefault(String id) {
            throw new IllegalStateException("commandDefault failed");
        }

        String noArguments() {
            return "command default";
        }

        @HystrixCommand
        public Future<String> async(String id) {
            return new AsyncResult<>() {
                @Override
                public String invoke() {
                    return "async:" + id;
                }
            };
        }

        @HystrixCommand(fallbackMethod = "syncFallback")
        public Future<String> asyncFailing(String id) {
            return new AsyncResult<>() {
                @Override
                public String invoke() {
                    throw new IllegalStateException("asyncFailing failed");
                }
            };
        }

        String syncFallback(String id) {
            return "sync fallback:" + id;
        }

        @HystrixCommand(fallbackMethod = "asyncFallback")
        public Future<String> asyncFailingAsyncFallback(String id) {
            throw new IllegalStateException("asyncFailingAsyncFallback failed");
        }

        @HystrixCommand
        Future<String> asyncFallback(String id) {
            return new AsyncResult<>() {
                @Override
                public String invoke() {
                    return "async fallback:" + id;
                }
            };
        }

        @HystrixCommand
        public Observable<String> observable(String value) {
            return Observable.just(value, value);
        }

        @HystrixCommand(fallbackMethod = "observableFallback")
        public Observable<String> observableFailing(String value) {
            return Observable.error(new IllegalStateException("observableFailing failed"));
        }

        Observable<String> observableFallback(String value) {
            return Observable.just("fb", value);
        }
    }

    /** Class-level default fallback. */
    @DefaultProperties(defaultFallback = "classDefault")
    public static class Defaults {

        @HystrixCommand
        public String first(int n) {
            throw new IllegalStateException("first failed");
        }

        @HystrixCommand
        public String second(String a, String b) {
            throw new IllegalStateException("second failed");
        }

        @HystrixCommand(fallbackMethod = "ownFallback")
        public String own() {
            throw new IllegalStateException("own failed");
        }

        String ownFallback() {
            return "own fallback wins";
        }

        String classDefault(Throwable cause) {
            return "class default: " + cause.getMessage();
        }
    }

    /** Declares the fallback its subclass's command uses. */
    public static class Parent {
        String parentFallback(String id) {
            return "parent fallback:" + id;
        }
    }

    /** A command whose fallback is inherited. */
    public static class Child extends Parent {
        @HystrixCommand(fallbackMethod = "parentFallback")
        public String inherited(String id) {
            throw new IllegalStateException("inherited failed");
        }
    }
}
