package dev.firebreak.samples.passthrough;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.samples.passthrough.mvc.PassthroughMvcApplication;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.web.server.context.WebServerApplicationContext;

/** The servlet flavour, requests on virtual threads. */
@SpringBootTest(classes = PassthroughMvcApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = "spring.main.web-application-type=servlet")
class MvcPassthroughTest extends PassthroughContract {

    @Test
    void requestsRunOnVirtualThreads() {
        assertThat(context.getEnvironment().getProperty("spring.threads.virtual.enabled")).isEqualTo("true");
        assertThat(((WebServerApplicationContext) context).getWebServer().getClass().getSimpleName()).isEqualTo("TomcatWebServer");
    }
}
