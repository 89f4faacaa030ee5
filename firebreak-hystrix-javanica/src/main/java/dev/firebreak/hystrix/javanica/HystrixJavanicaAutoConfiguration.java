package dev.firebreak.hystrix.javanica;

import com.netflix.hystrix.contrib.javanica.aop.aspectj.HystrixCacheAspect;
import com.netflix.hystrix.contrib.javanica.aop.aspectj.HystrixCommandAspect;
import org.aspectj.lang.annotation.Aspect;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.EnableAspectJAutoProxy;

/**
 * Applies javanica's annotations in a Spring Boot application that has this module: the two aspects
 * (unless the application declared its own) and the startup check of every annotated method. Nothing
 * to enable by hand: {@code @EnableHystrix} and {@code @EnableCircuitBreaker} go away. Commands run
 * on the bridge's registry ({@code HystrixBridge.registry()}), which the Firebreak starter, when
 * present, replaces with the application's.
 */
@AutoConfiguration(afterName = "dev.firebreak.spring.boot.FirebreakAutoConfiguration")
@ConditionalOnClass({Aspect.class, HystrixCommandAspect.class})
@EnableAspectJAutoProxy(proxyTargetClass = true)
public class HystrixJavanicaAutoConfiguration {

    /** Made by Spring. */
    public HystrixJavanicaAutoConfiguration() {
    }

    /** Runs {@code @HystrixCommand} and {@code @HystrixCollapser} methods as bridge commands. */
    @Bean
    @ConditionalOnMissingBean(HystrixCommandAspect.class)
    public HystrixCommandAspect hystrixCommandAspect() {
        return new HystrixCommandAspect();
    }

    /** Applies {@code @CacheRemove} on methods that are not commands. */
    @Bean
    @ConditionalOnMissingBean(HystrixCacheAspect.class)
    public HystrixCacheAspect hystrixCacheAspect() {
        return new HystrixCacheAspect();
    }

    /** Refuses a missing or mismatched fallback (and any other annotation mistake) at startup. */
    @Bean
    @ConditionalOnMissingBean(AnnotatedMethodsCheck.class)
    public static AnnotatedMethodsCheck hystrixAnnotatedMethodsCheck() {
        return new AnnotatedMethodsCheck();
    }
}
