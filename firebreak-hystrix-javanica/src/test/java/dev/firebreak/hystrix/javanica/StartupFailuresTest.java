package dev.firebreak.hystrix.javanica;

import static dev.firebreak.hystrix.javanica.JavanicaContexts.runner;
import static org.assertj.core.api.Assertions.assertThat;

import com.netflix.hystrix.contrib.javanica.annotation.DefaultProperties;
import com.netflix.hystrix.contrib.javanica.annotation.HystrixCollapser;
import com.netflix.hystrix.contrib.javanica.annotation.HystrixCommand;
import com.netflix.hystrix.contrib.javanica.annotation.HystrixProperty;
import com.netflix.hystrix.contrib.javanica.cache.annotation.CacheResult;
import com.netflix.hystrix.contrib.javanica.command.AsyncResult;
import com.netflix.hystrix.contrib.javanica.exception.FallbackDefinitionException;
import com.netflix.hystrix.contrib.javanica.exception.HystrixCachingException;
import com.netflix.hystrix.contrib.javanica.exception.HystrixPropertyException;
import java.util.List;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/** Mistakes in the annotations stop the application at startup, with a message naming the bean, the method and what was expected. */
class StartupFailuresTest {

    @Test
    void missingFallbackMethod() {
        assertStartupFails(MissingFallback.class, FallbackDefinitionException.class,
                "bean 'missing'", "fallbackMethod 'nowhere' of command MissingFallback.find(String, int) was not found",
                "expected a method nowhere(String, int) or nowhere(String, int, Throwable)");
    }

    @Test
    void fallbackWithOtherParameters() {
        assertStartupFails(WrongParameters.class, FallbackDefinitionException.class,
                "bean 'missing'", "fallbackMethod 'other' of command WrongParameters.find(String)",
                "expected a method other(String) or other(String, Throwable)");
    }

    @Test
    void fallbackReturningAnotherType() {
        assertStartupFails(WrongReturnType.class, FallbackDefinitionException.class,
                "fallback WrongReturnType.count(String) of command WrongReturnType.name(String) does not match",
                "assignable to java.lang.String", "returns java.lang.Integer");
    }

    @Test
    void fallbackReturningAnotherGenericType() {
        assertStartupFails(WrongGeneric.class, FallbackDefinitionException.class,
                "fallback WrongGeneric.numbers() of command WrongGeneric.names() does not match",
                "java.util.List<java.lang.String>", "java.util.List<java.lang.Integer>");
    }

    @Test
    void synchronousCommandWithAnAsynchronousFallback() {
        assertStartupFails(SyncWithAsyncFallback.class, FallbackDefinitionException.class,
                "fallback SyncWithAsyncFallback.later(String) of command SyncWithAsyncFallback.now(String) does not match",
                "a synchronous command takes a fallback returning a plain value, not Future");
    }

    @Test
    void missingDefaultFallbackOfTheClass() {
        assertStartupFails(MissingClassDefault.class, FallbackDefinitionException.class,
                "@DefaultProperties(defaultFallback) of MissingClassDefault 'absent' of command MissingClassDefault.find(String) was not found",
                "expected a method absent() or absent(Throwable)");
    }

    @Test
    void fallbacksInALoop() {
        assertStartupFails(Loop.class, FallbackDefinitionException.class, "fallbacks form a loop");
    }

    @Test
    void unknownPropertyName() {
        assertStartupFails(UnknownProperty.class, HystrixPropertyException.class,
                "command UnknownProperty.find()", "commandProperties has an unknown property 'execution.timeoutInMillis' (value '10')");
    }

    @Test
    void propertyValueOfTheWrongType() {
        assertStartupFails(BadPropertyValue.class, HystrixPropertyException.class,
                "command BadPropertyValue.find()", "threadPoolProperties property 'coreSize' has value 'ten', which must be an integer");
    }

    @Test
    void missingCacheKeyMethod() {
        assertStartupFails(MissingKeyMethod.class, HystrixCachingException.class,
                "cacheKeyMethod 'keyOf' must be a method keyOf(String) returning String");
    }

    @Test
    void collapserWithoutItsBatchMethod() {
        assertStartupFails(MissingBatch.class, IllegalStateException.class,
                "collapser MissingBatch.one(String): batchMethod 'many' was not found",
                "expected a @HystrixCommand method List<String> many(List<String>)");
    }

    @Test
    void collapserBatchMethodWithoutHystrixCommand() {
        assertStartupFails(PlainBatch.class, IllegalStateException.class,
                "batch method PlainBatch.many(List) must be annotated with @HystrixCommand");
    }

    @Test
    void aCorrectBeanStarts() {
        runner().withBean("fine", Fine.class).run(context -> assertThat(context).hasNotFailed());
    }

    private static void assertStartupFails(Class<?> bean, Class<? extends Throwable> type, String... fragments) {
        runner().withBean("missing", bean).run(context -> {
            assertThat(context).hasFailed();
            assertThat(context.getStartupFailure()).rootCause().isInstanceOf(type);
            String message = context.getStartupFailure().getMessage();
            assertThat(message).contains("bean 'missing' (" + bean.getName() + ")");
            for (String fragment : fragments) {
                assertThat(message).contains(fragment);
            }
        });
    }

    /** Names a fallback that does not exist. */
    public static class MissingFallback {
        @HystrixCommand(fallbackMethod = "nowhere")
        public String find(String id, int n) {
            return id;
        }
    }

    /** Its fallback takes other parameters. */
    public static class WrongParameters {
        @HystrixCommand(fallbackMethod = "other")
        public String find(String id) {
            return id;
        }

        String other(Integer id) {
            return "x";
        }
    }

    /** Its fallback returns another type. */
    public static class WrongReturnType {
        @HystrixCommand(fallbackMethod = "count")
        public String name(String id) {
            return id;
        }

        Integer count(String id) {
            return 1;
        }
    }

    /** Its fallback returns another element type. */
    public static class WrongGeneric {
        @HystrixCommand(fallbackMethod = "numbers")
        public List<String> names() {
            return List.of();
        }

        List<Integer> numbers() {
            return List.of();
        }
    }

    /** A synchronous command with a Future fallback (prohibited by javanica). */
    public static class SyncWithAsyncFallback {
        @HystrixCommand(fallbackMethod = "later")
        public String now(String id) {
            return id;
        }

        Future<String> later(String id) {
            return new AsyncResult<>() {
                @Override
                public String invoke() {
                    return id;
                }
            };
        }
    }

    /** A class default fallback that does not exist. */
    @DefaultProperties(defaultFallback = "absent")
    public static class MissingClassDefault {
        @HystrixCommand
        public String find(String id) {
            return id;
        }
    }

    /** Two fallbacks that fall back on each other. */
    public static class Loop {
        @HystrixCommand(fallbackMethod = "b")
        public String a() {
            return "a";
        }

        @HystrixCommand(fallbackMethod = "a")
        public String b() {
            return "b";
        }
    }

    /** A misspelt property. */
    public static class UnknownProperty {
        @HystrixCommand(commandProperties = @HystrixProperty(name = "execution.timeoutInMillis", value = "10"))
        public String find() {
            return "";
        }
    }

    /** A property value that is not a number. */
    public static class BadPropertyValue {
        @HystrixCommand(threadPoolProperties = @HystrixProperty(name = "coreSize", value = "ten"))
        public String find() {
            return "";
        }
    }

    /** A cache key method that does not exist. */
    public static class MissingKeyMethod {
        @CacheResult(cacheKeyMethod = "keyOf")
        @HystrixCommand
        public String find(String id) {
            return id;
        }
    }

    /** A collapser without its batch method. */
    public static class MissingBatch {
        @HystrixCollapser(batchMethod = "many")
        public Future<String> one(String id) {
            return null;
        }
    }

    /** A collapser whose batch method is not a command. */
    public static class PlainBatch {
        @HystrixCollapser(batchMethod = "many")
        public Future<String> one(String id) {
            return null;
        }

        public List<String> many(List<String> ids) {
            return ids;
        }
    }

    /** Everything right. */
    public static class Fine {
        @HystrixCommand(fallbackMethod = "fallback")
        public String find(String id) {
            return id;
        }

        String fallback(String id, Throwable cause) {
            return "";
        }
    }
}
