package dev.firebreak.spring.annotation.startup;

import dev.firebreak.spring.annotation.Guarded;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.context.annotation.Bean;

/** Applications (no web server, no component scan) whose one bean has a good or a bad fallback method. */
public final class BadFallbacks {

    private BadFallbacks() {
    }

    /** Names a fallback method that does not exist. */
    public static class MissingFallbackBean {
        @Guarded(name = "missing", fallbackMethod = "noSuchMethod")
        public String quote(String symbol) {
            return symbol;
        }
    }

    /** Its fallback takes other parameters. */
    public static class WrongParametersBean {
        @Guarded(name = "wrong-parameters", fallbackMethod = "fallback")
        public String quote(String symbol) {
            return symbol;
        }

        String fallback(Integer symbol) {
            return "never";
        }
    }

    /** Its fallback returns another type. */
    public static class WrongReturnBean {
        @Guarded(name = "wrong-return", fallbackMethod = "fallback")
        public String quote(String symbol) {
            return symbol;
        }

        Integer fallback(String symbol) {
            return 0;
        }
    }

    /** A good one: the extra Throwable parameter is the method's exception. */
    public static class FineBean {
        @Guarded(name = "fine", fallbackMethod = "fallback")
        public String quote(String symbol) {
            throw new IllegalStateException("down");
        }

        String fallback(String symbol, Throwable cause) {
            return "fallback for " + symbol + " after " + cause.getClass().getSimpleName();
        }
    }

    /** The application with {@link MissingFallbackBean}. */
    @SpringBootConfiguration
    @EnableAutoConfiguration
    public static class Missing {
        @Bean
        MissingFallbackBean missingFallbackBean() {
            return new MissingFallbackBean();
        }
    }

    /** The application with {@link WrongParametersBean}. */
    @SpringBootConfiguration
    @EnableAutoConfiguration
    public static class WrongParameters {
        @Bean
        WrongParametersBean wrongParametersBean() {
            return new WrongParametersBean();
        }
    }

    /** The application with {@link WrongReturnBean}. */
    @SpringBootConfiguration
    @EnableAutoConfiguration
    public static class WrongReturn {
        @Bean
        WrongReturnBean wrongReturnBean() {
            return new WrongReturnBean();
        }
    }

    /** The application with {@link FineBean}. */
    @SpringBootConfiguration
    @EnableAutoConfiguration
    public static class Fine {
        @Bean
        FineBean fineBean() {
            return new FineBean();
        }
    }
}
