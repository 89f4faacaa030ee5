package dev.firebreak.samples.passthrough;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.samples.passthrough.webflux.PassthroughWebFluxApplication;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.web.server.context.WebServerApplicationContext;

/** The reactive flavour on Netty. */
@SpringBootTest(classes = PassthroughWebFluxApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = "spring.main.web-application-type=reactive")
class WebFluxPassthroughTest extends PassthroughContract {

    @Test
    void theServiceRunsOnNetty() {
        assertThat(((WebServerApplicationContext) context).getWebServer().getClass().getSimpleName()).isEqualTo("NettyWebServer");
    }
}
