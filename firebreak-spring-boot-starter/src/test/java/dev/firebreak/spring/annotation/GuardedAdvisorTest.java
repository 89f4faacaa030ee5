package dev.firebreak.spring.annotation;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import org.aopalliance.intercept.MethodInterceptor;
import org.junit.jupiter.api.Test;
import org.springframework.aop.ClassFilter;
import org.springframework.aop.support.AopUtils;
import org.springframework.aop.support.annotation.AnnotationMethodMatcher;
import org.springframework.util.ReflectionUtils;

/** The advisor matches the methods Spring's inherited-annotation matcher matches, without searching the JDK's methods. */
class GuardedAdvisorTest {

    private final GuardedAdvisor advisor = new GuardedAdvisor(ClassFilter.TRUE, (MethodInterceptor) invocation -> invocation.proceed());
    private final AnnotationMethodMatcher spring = new AnnotationMethodMatcher(Guarded.class, true);

    interface Api {
        @Guarded(name = "declared")
        String onTheInterface();

        String notGuarded();
    }

    static class Base {
        @Guarded(name = "base")
        public String inherited() {
            return "base";
        }

        public String overriddenWithGuarded() {
            return "base";
        }
    }

    static class Service extends Base implements Api {
        @Override
        public String onTheInterface() {
            return "service";
        }

        @Override
        public String notGuarded() {
            return "service";
        }

        @Override
        @Guarded(name = "override")
        public String overriddenWithGuarded() {
            return "service";
        }

        @Guarded(name = "own")
        public String own() {
            return "service";
        }
    }

    @Test
    void matchesWhatSpringsAnnotationMatcherMatchesOnEveryMethodOfTheClassAndItsInterfaces() {
        List<String> matched = new ArrayList<>();
        for (Class<?> type : List.of(Service.class, Api.class, Base.class)) {
            for (Method method : ReflectionUtils.getAllDeclaredMethods(type)) {
                boolean ours = advisor.matches(method, Service.class);
                assertThat(ours).as(method.toString()).isEqualTo(spring.matches(method, Service.class));
                if (ours) {
                    matched.add(method.getDeclaringClass().getSimpleName() + "." + method.getName());
                }
            }
        }
        // Base.overriddenWithGuarded: its most specific method in Service carries @Guarded
        assertThat(matched).contains("Service.onTheInterface", "Api.onTheInterface", "Service.own", "Base.inherited",
                "Service.overriddenWithGuarded", "Base.overriddenWithGuarded").doesNotContain("Service.notGuarded", "Api.notGuarded");
    }

    @Test
    void theJdksMethodsAreNotMatched() throws Exception {
        assertThat(advisor.matches(Object.class.getMethod("hashCode"), Service.class)).isFalse();
        assertThat(advisor.matches(Object.class.getMethod("toString"), Service.class)).isFalse();
    }

    @Test
    void aClassWithAGuardedMethodIsAdvisedAndOneWithoutIsNot() {
        assertThat(AopUtils.canApply((org.springframework.aop.Advisor) advisor, Service.class)).isTrue();
        assertThat(AopUtils.canApply((org.springframework.aop.Advisor) advisor, String.class)).isFalse();
        assertThat(advisor.getPointcut().getMethodMatcher().isRuntime()).isFalse();
    }
}
