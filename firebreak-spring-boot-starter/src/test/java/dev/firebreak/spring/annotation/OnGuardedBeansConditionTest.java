package dev.firebreak.spring.annotation;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.spring.annotation.GuardedMethodsScannerTest.GuardedBean;
import dev.firebreak.spring.annotation.GuardedMethodsScannerTest.GuardedQuotes;
import dev.firebreak.spring.annotation.GuardedMethodsScannerTest.InterfaceGuardedBean;
import dev.firebreak.spring.annotation.GuardedMethodsScannerTest.PlainBean;
import dev.firebreak.spring.boot.FirebreakAutoConfiguration;
import org.junit.jupiter.api.Test;
import org.springframework.aop.support.AopUtils;
import org.springframework.beans.factory.FactoryBean;
import org.springframework.boot.autoconfigure.aop.AopAutoConfiguration;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The {@code @Guarded} support is registered when, and only when, the application's bean definitions may
 * carry the annotation ({@link OnGuardedBeansCondition}), and its beans are then guarded as before. The
 * plain and guarded classes are {@link GuardedMethodsScannerTest}'s.
 */
class OnGuardedBeansConditionTest {

    private static final String ADVISOR = "firebreakGuardedAdvisor";
    private static final String SCANNER = "firebreakGuardedMethodsScanner";

    private final ApplicationContextRunner runner = new ApplicationContextRunner().withConfiguration(AutoConfigurations.of(
            AopAutoConfiguration.class, FirebreakAutoConfiguration.class, GuardedAnnotationAutoConfiguration.class));

    /** A base class implementing the method; the subclass alone names the interface. */
    static class QuoteBase {
        public String quote(String symbol) {
            return symbol;
        }
    }

    static class InheritedGuardedBean extends QuoteBase implements GuardedQuotes {
    }

    /** A factory bean: what it makes is not known from its definition. */
    static class PlainFactory implements FactoryBean<PlainBean> {
        @Override
        public PlainBean getObject() {
            return new PlainBean();
        }

        @Override
        public Class<?> getObjectType() {
            return PlainBean.class;
        }
    }

    /** A {@code @Bean} method of the application's, declaring an interface whose implementation may carry it. */
    @Configuration(proxyBeanMethods = false)
    static class FactoryMethodConfiguration {
        @Bean
        Object madeByAMethod() {
            return new PlainBean();
        }
    }

    @Test
    void anApplicationWithoutGuardedMethodsGetsNeitherTheAdvisorNorTheScan() {
        runner.withBean(PlainBean.class).run(context -> {
            assertThat(context).hasNotFailed();
            assertThat(context.containsBean(ADVISOR)).isFalse();
            assertThat(context.containsBean(SCANNER)).isFalse();
            assertThat(AopUtils.isAopProxy(context.getBean(PlainBean.class))).isFalse();
        });
    }

    @Test
    void aBeanWhoseClassDeclaresGuardedIsGuarded() {
        runner.withBean(PlainBean.class).withBean(GuardedBean.class).run(context -> {
            assertThat(context.containsBean(ADVISOR)).isTrue();
            assertThat(context.containsBean(SCANNER)).isTrue();
            assertThat(AopUtils.isAopProxy(context.getBean(GuardedBean.class))).isTrue();
        });
    }

    @Test
    void aGuardedInterfaceMethodCountsEvenWhenASuperclassImplementsIt() {
        assertThat(GuardedSearch.declaresGuarded(InterfaceGuardedBean.class)).isTrue();
        assertThat(GuardedSearch.declaresGuarded(InheritedGuardedBean.class)).isTrue();
        assertThat(GuardedSearch.declaresGuarded(QuoteBase.class)).isFalse();
        runner.withBean(InterfaceGuardedBean.class).run(context -> {
            assertThat(context.containsBean(ADVISOR)).isTrue();
            assertThat(AopUtils.isAopProxy(context.getBean(GuardedQuotes.class))).isTrue();
        });
    }

    @Test
    void anApplicationsFactoryMethodOrFactoryBeanCountsWhateverItMakes() {
        runner.withUserConfiguration(FactoryMethodConfiguration.class)
                .run(context -> assertThat(context.containsBean(ADVISOR)).isTrue());
        runner.withBean(PlainFactory.class).run(context -> assertThat(context.containsBean(ADVISOR)).isTrue());
    }

    @Test
    void thePropertyForcesTheSupportOnOrTurnsItOff() {
        runner.withPropertyValues("firebreak.annotations.enabled=true").withBean(PlainBean.class)
                .run(context -> assertThat(context.containsBean(ADVISOR)).isTrue());
        runner.withPropertyValues("firebreak.annotations.enabled=false").withBean(GuardedBean.class)
                .run(context -> assertThat(context.containsBean(ADVISOR)).isFalse());
    }

    @Test
    void springsAndFirebreaksOwnConfigurationClassesAreNotTheApplications() {
        assertThat(OnGuardedBeansCondition.isNotTheApplications("org.springframework.boot.SomeAutoConfiguration")).isTrue();
        assertThat(OnGuardedBeansCondition.isNotTheApplications(FirebreakAutoConfiguration.class.getName())).isTrue();
        assertThat(OnGuardedBeansCondition.isNotTheApplications(FactoryMethodConfiguration.class.getName())).isFalse();
        assertThat(OnGuardedBeansCondition.isNotTheApplications("dev.firebreak.samples.Service")).isFalse();
    }
}
