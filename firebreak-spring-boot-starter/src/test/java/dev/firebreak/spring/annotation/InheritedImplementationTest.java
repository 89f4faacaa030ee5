package dev.firebreak.spring.annotation;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.GuardRegistry;
import dev.firebreak.event.EventType;
import java.lang.reflect.Method;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.aop.framework.ProxyFactory;
import org.springframework.aop.support.annotation.AnnotationMethodMatcher;
import org.springframework.beans.factory.support.DefaultListableBeanFactory;

/**
 * A method a bean's class inherits from a superclass that does not implement the interface declaring it
 * {@code @Guarded} ({@code class Impl extends Base implements Api}): guarded under class proxies too, and
 * under each bean class's own interface and fallback when two classes share the superclass's method.
 */
class InheritedImplementationTest {

    interface Quotes {
        @Guarded(name = "inherited-quotes", fallbackMethod = "stale")
        String quote(String symbol);
    }

    interface Prices {
        @Guarded(name = "inherited-prices", fallbackMethod = "stale")
        String quote(String symbol);
    }

    /** Implements {@code quote} for its subclasses without implementing either interface. */
    static class Lookup {
        public String quote(String symbol) {
            if (symbol.isEmpty()) {
                throw new IllegalArgumentException("no symbol");
            }
            return "fresh " + symbol;
        }
    }

    static class QuoteService extends Lookup implements Quotes {
        public String stale(String symbol) {
            return "stale quote";
        }
    }

    static class PriceService extends Lookup implements Prices {
        public String stale(String symbol) {
            return "stale price";
        }
    }

    private final GuardRegistry registry = GuardRegistry.builder().build();
    private final GuardedMethods methods;
    private final GuardedAdvisor advisor;

    InheritedImplementationTest() {
        DefaultListableBeanFactory beans = new DefaultListableBeanFactory();
        beans.registerSingleton("guardRegistry", registry);
        methods = new GuardedMethods(beans.getBeanProvider(GuardRegistry.class));
        advisor = new GuardedAdvisor(new GuardedClassFilter(methods), new GuardedInterceptor(methods));
    }

    @AfterEach
    void closeRegistry() {
        registry.close();
    }

    @Test
    void theAdvisorMatchesTheInheritedMethodThroughTheTargetsInterfaceWhereSpringsMatcherDoesNot() throws Exception {
        Method inherited = Lookup.class.getMethod("quote", String.class);
        assertThat(new AnnotationMethodMatcher(Guarded.class, true).matches(inherited, QuoteService.class))
                .as("Spring's own matcher searches the method's hierarchy only").isFalse();
        assertThat(advisor.matches(inherited, QuoteService.class)).isTrue();
        assertThat(advisor.matches(inherited, PriceService.class)).isTrue();
        assertThat(advisor.matches(inherited, Lookup.class)).as("no interface: not guarded").isFalse();
        assertThat(GuardedSearch.find(inherited, QuoteService.class).name()).isEqualTo("inherited-quotes");
        assertThat(GuardedSearch.find(inherited, PriceService.class).name()).isEqualTo("inherited-prices");
    }

    @Test
    void eachClassProxyRunsTheSharedMethodUnderItsOwnGuardAndFallback() {
        QuoteService quotes = classProxy(new QuoteService());
        PriceService prices = classProxy(new PriceService());

        assertThat(quotes.quote("ACME")).isEqualTo("fresh ACME");
        assertThat(prices.quote("ACME")).isEqualTo("fresh ACME");
        assertThat(quotes.quote("")).isEqualTo("stale quote");
        assertThat(prices.quote("")).isEqualTo("stale price");

        for (String guard : new String[] {"inherited-quotes", "inherited-prices"}) {
            var metrics = registry.find(guard).orElseThrow().controls().metrics();
            assertThat(metrics.cumulativeCount(EventType.SUCCESS)).as(guard).isEqualTo(1);
            assertThat(metrics.cumulativeCount(EventType.FAILURE)).as(guard).isEqualTo(1);
            assertThat(metrics.cumulativeCount(EventType.FALLBACK_SUCCESS)).as(guard).isEqualTo(1);
        }
    }

    @Test
    void theStartupScanResolvesTheInheritedMethodAndItsFallbackPerClass() throws Exception {
        GuardedMethodsScanner scanner = new GuardedMethodsScanner(methods);
        scanner.postProcessBeforeInitialization(new QuoteService(), "quotes");
        scanner.postProcessBeforeInitialization(new PriceService(), "prices");
        Method inherited = Lookup.class.getMethod("quote", String.class);

        GuardedMethod quote = methods.get(inherited, QuoteService.class);
        GuardedMethod price = methods.get(inherited, PriceService.class);
        assertThat(quote.guardName()).isEqualTo("inherited-quotes");
        assertThat(price.guardName()).isEqualTo("inherited-prices");
        assertThat(quote.fallback().invoke(new QuoteService(), new Object[] {"X"}, null)).isEqualTo("stale quote");
        assertThat(price.fallback().invoke(new PriceService(), new Object[] {"X"}, null)).isEqualTo("stale price");
        assertThat(methods.knownWithoutGuarded(QuoteService.class)).isFalse();
    }

    @SuppressWarnings("unchecked")
    private <T> T classProxy(T target) {
        ProxyFactory factory = new ProxyFactory(target);
        factory.setProxyTargetClass(true); // Spring Boot's default: the invoked method is Lookup.quote
        factory.addAdvisor(advisor);
        return (T) factory.getProxy();
    }
}
