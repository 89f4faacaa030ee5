package dev.firebreak.spring.boot.context;

import dev.firebreak.context.ContextCarrier;
import dev.firebreak.spring.boot.FirebreakAutoConfiguration;
import io.micrometer.context.ContextRegistry;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;
import org.springframework.util.ClassUtils;

/**
 * Context propagation through Micrometer's context-propagation library: the {@link ContextCarrier} the
 * starter's registry takes, so MDC, tracing and security context reach THREAD and VIRTUAL isolation,
 * collapsed batches and async continuations. Off with {@code firebreak.context-propagation.enabled=false};
 * an application's own {@code ContextCarrier} bean replaces it.
 */
@AutoConfiguration(before = FirebreakAutoConfiguration.class)
@ConditionalOnClass(ContextRegistry.class)
@ConditionalOnBooleanProperty(name = "firebreak.context-propagation.enabled", matchIfMissing = true)
public class ContextPropagationAutoConfiguration {

    /** The carrier; the library's registry is looked up (and the MDC accessor added) at the first capture. */
    @Bean
    @ConditionalOnMissingBean(ContextCarrier.class)
    ContextCarrier firebreakContextCarrier() {
        return new MicrometerContextCarrier(ContextPropagationAutoConfiguration::registry);
    }

    private static ContextRegistry registry() {
        ContextRegistry registry = ContextRegistry.getInstance();
        if (ClassUtils.isPresent("org.slf4j.MDC", ContextPropagationAutoConfiguration.class.getClassLoader())) {
            MdcAccessor.register(registry);
        }
        return registry;
    }
}
