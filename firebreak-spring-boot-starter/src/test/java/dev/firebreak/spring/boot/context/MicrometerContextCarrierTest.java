package dev.firebreak.spring.boot.context;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.context.ContextRegistry;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The carrier obtains its registry at the first capture, once, and then carries its accessors' values. */
class MicrometerContextCarrierTest {

    private static final ThreadLocal<String> TENANT = new ThreadLocal<>();

    @Test
    void asksForTheRegistryOnlyAtTheFirstCaptureAndOnlyOnce() throws Exception {
        AtomicInteger asked = new AtomicInteger();
        MicrometerContextCarrier carrier = new MicrometerContextCarrier(() -> {
            asked.incrementAndGet();
            ContextRegistry registry = new ContextRegistry();
            registry.registerThreadLocalAccessor("test.carrier.tenant", TENANT);
            return registry;
        });
        assertThat(asked).as("not at creation").hasValue(0);

        TENANT.set("acme");
        var snapshot = carrier.capture();
        carrier.capture();
        TENANT.remove();
        assertThat(asked).hasValue(1);

        String[] seen = new String[1];
        Thread other = Thread.ofVirtual().start(() -> {
            try (var scope = snapshot.restore()) {
                seen[0] = TENANT.get();
            }
        });
        other.join(10_000);
        assertThat(seen[0]).isEqualTo("acme");
    }
}
