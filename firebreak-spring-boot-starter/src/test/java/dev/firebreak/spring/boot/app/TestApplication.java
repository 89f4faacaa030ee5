package dev.firebreak.spring.boot.app;

import dev.firebreak.GuardRegistry;
import java.io.IOException;
import java.util.concurrent.CompletableFuture;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Bean;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;

/** A small pass-through service: {@code /call/{name}} calls the loopback downstream under guard {@code name}. */
@SpringBootApplication
public class TestApplication {

    @Bean(destroyMethod = "close")
    LoopbackDownstream loopbackDownstream() throws IOException {
        return new LoopbackDownstream();
    }

    @Bean
    DownstreamClient downstreamClient(GuardRegistry registry, LoopbackDownstream downstream) {
        return new DownstreamClient(registry, downstream);
    }

    @RestController
    static class PassThrough {
        private final DownstreamClient client;

        PassThrough(DownstreamClient client) {
            this.client = client;
        }

        @GetMapping("/call/{name}")
        CompletableFuture<String> call(@PathVariable String name) {
            return client.call(name);
        }
    }
}
