package dev.firebreak.hystrix.javanica;

import static dev.firebreak.hystrix.javanica.JavanicaContexts.runner;
import static org.assertj.core.api.Assertions.assertThat;

import com.netflix.hystrix.contrib.javanica.annotation.HystrixCommand;
import com.netflix.hystrix.contrib.javanica.aop.aspectj.HystrixCacheAspect;
import com.netflix.hystrix.contrib.javanica.aop.aspectj.HystrixCommandAspect;
import com.netflix.hystrix.strategy.concurrency.HystrixRequestContext;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.EnableAspectJAutoProxy;

/** The aspect comes from the auto-configuration, or from the application as javanica's setup had it; a call is wrapped once either way. */
class AspectRegistrationTest {

    @Test
    void autoConfigurationRegistersTheAspects() {
        runner().withBean(Counted.class).run(context -> {
            assertThat(context).hasSingleBean(HystrixCommandAspect.class).hasSingleBean(HystrixCacheAspect.class);
            assertRunsOnceInOneCommand(context.getBean(Counted.class));
        });
    }

    @Test
    void anAspectDeclaredByTheApplicationReplacesTheAutoConfiguredOne() {
        runner().withUserConfiguration(JavanicaStyleSetup.class).withBean(Counted.class).run(context -> {
            assertThat(context).hasSingleBean(HystrixCommandAspect.class);
            assertThat(context.getBean(HystrixCommandAspect.class)).isSameAs(context.getBean("hystrixAspect"));
            assertRunsOnceInOneCommand(context.getBean(Counted.class));
        });
    }

    @Test
    void twoAspectsStillWrapACallOnce() {
        runner().withUserConfiguration(TwoAspects.class).withBean(Counted.class).run(context -> {
            assertThat(context.getBeansOfType(HystrixCommandAspect.class)).hasSize(2);
            assertRunsOnceInOneCommand(context.getBean(Counted.class));
        });
    }

    private static void assertRunsOnceInOneCommand(Counted counted) {
        try (HystrixRequestContext ignored = HystrixRequestContext.initializeContext()) {
            assertThat(counted.call()).isEqualTo(1);
            assertThat(JavanicaContexts.executed()).hasSize(1);
            assertThat(JavanicaContexts.command("call").isExecutedInThread()).isTrue();
        }
    }

    /** javanica's documented Spring setup: the aspect as a bean and AspectJ auto-proxying. */
    @Configuration(proxyBeanMethods = false)
    @EnableAspectJAutoProxy
    static class JavanicaStyleSetup {
        @Bean
        HystrixCommandAspect hystrixAspect() {
            return new HystrixCommandAspect();
        }
    }

    /** Two aspects registered by mistake. */
    @Configuration(proxyBeanMethods = false)
    static class TwoAspects {
        @Bean
        HystrixCommandAspect firstAspect() {
            return new HystrixCommandAspect();
        }

        @Bean
        HystrixCommandAspect secondAspect() {
            return new HystrixCommandAspect();
        }
    }

    /** Counts its calls. */
    public static class Counted {
        private final AtomicInteger calls = new AtomicInteger();

        @HystrixCommand
        public int call() {
            return calls.incrementAndGet();
        }
    }
}
