package dev.firebreak.spring.annotation;

import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import org.aopalliance.aop.Advice;
import org.springframework.aop.ClassFilter;
import org.springframework.aop.MethodMatcher;
import org.springframework.aop.Pointcut;
import org.springframework.aop.PointcutAdvisor;
import org.springframework.aop.support.AopUtils;

/**
 * The advisor of {@link Guarded} methods, its own pointcut: the classes {@link GuardedClassFilter} passes,
 * and in them each method annotated {@code @Guarded}, on itself, on a method it overrides or on an
 * interface method it implements, or whose most specific implementation in the target class is, or that
 * implements an annotated interface method only through the target class (a method inherited from a
 * superclass outside that interface: {@link GuardedSearch#onTargetsInterface}, which Spring's own
 * annotation matcher does not see); the
 * {@link GuardedInterceptor} runs them. One class instead of Spring's general advisor, composable pointcut
 * and annotation matcher (seven classes a minimal application would load only for this advisor), and a
 * method declared by the JDK or Spring is not searched: {@code @Guarded} cannot be there, and reading a
 * JDK method's annotations loads the JDK's own annotation types.
 */
final class GuardedAdvisor implements PointcutAdvisor, Pointcut, MethodMatcher {

    private final ClassFilter classFilter;
    private final Advice interceptor;

    GuardedAdvisor(ClassFilter classFilter, Advice interceptor) {
        this.classFilter = classFilter;
        this.interceptor = interceptor;
    }

    @Override
    public Pointcut getPointcut() {
        return this;
    }

    @Override
    public Advice getAdvice() {
        return interceptor;
    }

    @Override
    public ClassFilter getClassFilter() {
        return classFilter;
    }

    @Override
    public MethodMatcher getMethodMatcher() {
        return this;
    }

    @Override
    public boolean matches(Method method, Class<?> targetClass) {
        if (GuardedSearch.carriesGuarded(method)) {
            return true;
        }
        if (targetClass == null || Proxy.isProxyClass(targetClass)) {
            return false;
        }
        Method specific = AopUtils.getMostSpecificMethod(method, targetClass);
        if (specific != method && GuardedSearch.carriesGuarded(specific)) {
            return true;
        }
        return GuardedSearch.onTargetsInterface(specific, targetClass) != null;
    }

    @Override
    public boolean isRuntime() {
        return false;
    }

    @Override
    public boolean matches(Method method, Class<?> targetClass, Object... args) {
        throw new UnsupportedOperationException("a static method matcher: matches(method, targetClass) decides");
    }

    @Override
    public String toString() {
        return "GuardedAdvisor: @Guarded methods, " + interceptor;
    }
}
