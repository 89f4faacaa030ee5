package dev.firebreak.spring.boot.inbound;

import dev.firebreak.spring.boot.FirebreakAutoConfiguration;
import dev.firebreak.spring.boot.GuardRegistryHolder;
import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.context.annotation.Bean;
import org.springframework.core.env.Environment;

/**
 * Inbound protection on the Servlet stack, off unless {@code firebreak.inbound.enabled=true}: the
 * {@link InboundServletFilter}, registered by Boot as a filter bean for every request.
 */
@AutoConfiguration(after = FirebreakAutoConfiguration.class)
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
@ConditionalOnClass(name = {"jakarta.servlet.Filter", "org.springframework.web.filter.OncePerRequestFilter"})
@ConditionalOnBooleanProperty(InboundSettings.ENABLED)
public class FirebreakInboundServletAutoConfiguration {

    /** The routes and their guards, from {@code firebreak.inbound.*}. */
    @Bean
    @ConditionalOnMissingBean
    public InboundGuards firebreakInboundGuards(GuardRegistryHolder registry, ObjectProvider<MeterRegistry> meters,
            Environment environment) {
        return InboundBeans.guards(registry, meters, environment);
    }

    /** The filter. */
    @Bean
    public InboundServletFilter firebreakInboundFilter(InboundGuards guards) {
        return new InboundServletFilter(guards);
    }

    /** The routes' guards, built at startup. */
    @Bean
    static InboundGuardsStartup firebreakInboundGuardsStartup(ObjectProvider<InboundGuards> guards) {
        return new InboundGuardsStartup(guards.getObject());
    }
}
