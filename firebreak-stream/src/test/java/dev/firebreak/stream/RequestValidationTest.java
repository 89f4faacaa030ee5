package dev.firebreak.stream;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.Socket;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/** Bad methods, paths, queries, bodies and plain garbage get a 4xx (or a closed connection), and nothing breaks. */
class RequestValidationTest {

    private StreamFixture fixture;
    private int port;

    @BeforeEach
    void start() {
        fixture = new StreamFixture();
        port = fixture.server.port();
    }

    @AfterEach
    void stop() {
        fixture.close();
    }

    @ParameterizedTest(name = "{0} {1} -> {2}")
    @CsvSource(delimiter = '|', value = {
            "POST   | /hystrix.stream                     | 405",
            "PUT    | /hystrix.stream                     | 405",
            "DELETE | /hystrix.stream                     | 405",
            "HEAD   | /hystrix.stream                     | 405",
            "OPTIONS| /hystrix.stream                     | 405",
            "GET    | /                                   | 404",
            "GET    | /hystrix.streams                    | 404",
            "GET    | /hystrix.stream/                    | 404",
            "GET    | /hystrix.stream/x                   | 404",
            "GET    | /HYSTRIX.STREAM                     | 404",
            "GET    | /hystrix%2Estream                   | 404",
            "GET    | /firebreak/../hystrix.stream        | 404",
            "GET    | /firebreak/nothing.js               | 404",
            "GET    | /firebreak/dashboard.js/            | 404",
            "GET    | /firebreak/%2e%2e/pom.xml           | 404",
            "POST   | /firebreak/                         | 405",
            "GET    | /hystrix.stream?delay=abc           | 400",
            "GET    | /hystrix.stream?delay=               | 400",
            "GET    | /hystrix.stream?delay=-500          | 400",
            "GET    | /hystrix.stream?delay=100           | 400",
            "GET    | /hystrix.stream?delay=60001         | 400",
            "GET    | /hystrix.stream?delay=99999999999   | 400",
            "GET    | /hystrix.stream?delay=1000&delay=1000 | 400",
            "GET    | /hystrix.stream?foo=1               | 400",
            "GET    | /hystrix.stream?%zz=1               | 400",
            "GET    | /hystrix.stream?delay=%zz           | 400",
    })
    void refused(String method, String target, int status) throws IOException {
        String head = RawHttp.exchange(port, method + " " + target + " HTTP/1.1\r\nHost: test\r\n\r\n");
        assertThat(head).startsWith("HTTP/1.1 " + status);
        if (status == 405) {
            assertThat(head).containsIgnoringCase("Allow: GET");
        }
        assertThat(fixture.server.openConnections()).isZero();
        assertStillServes();
    }

    @Test
    void aRequestWithABodyIsRefused() throws IOException {
        String head = RawHttp.exchange(port,
                "GET /hystrix.stream HTTP/1.1\r\nHost: test\r\nContent-Length: 5\r\n\r\nhello");
        assertThat(head).startsWith("HTTP/1.1 400");
        assertThat(fixture.server.openConnections()).isZero();
        assertStillServes();
    }

    @Test
    void aVeryLongQueryIsRefused() throws IOException {
        String head = RawHttp.exchange(port, "GET /hystrix.stream?delay=" + "1".repeat(5000) + " HTTP/1.1\r\nHost: t\r\n\r\n");
        assertThat(head).startsWith("HTTP/1.1 414");
        assertStillServes();
    }

    @Test
    void garbageIsAnsweredOrDroppedAndTheServerGoesOn() throws IOException {
        for (String garbage : new String[] {"BLAH\r\n\r\n", "GET\r\n\r\n", "\u0000\u0001\u0002\r\n\r\n",
                "GET /hystrix.stream HTTP/9.9\r\n\r\n", "GET /hystrix.stream HTTP/1.1\r\nBad Header\r\n\r\n"}) {
            try (Socket socket = RawHttp.connect(port, 0)) {
                RawHttp.send(socket, garbage);
                String head = RawHttp.readHead(socket);
                assertThat(head.isEmpty() || head.matches("(?s)HTTP/1\\.1 (4\\d\\d|505) .*"))
                        .as("answer to %s: %s", garbage, head).isTrue();
            }
        }
        assertThat(fixture.server.openConnections()).isZero();
        assertStillServes();
    }

    @Test
    void theErrorBodyIsPlainTextThatCannotBeSniffed() throws IOException {
        String head = RawHttp.exchange(port, "GET /nothing HTTP/1.1\r\nHost: test\r\n\r\n");
        assertThat(head).containsIgnoringCase("Content-Type: text/plain; charset=utf-8");
        assertThat(head).containsIgnoringCase("X-Content-Type-Options: nosniff");
    }

    private void assertStillServes() throws IOException {
        try (Socket socket = RawHttp.connect(port, 0)) {
            RawHttp.send(socket, "GET /firebreak/ HTTP/1.1\r\nHost: test\r\n\r\n");
            assertThat(RawHttp.readHead(socket)).startsWith("HTTP/1.1 200");
        }
    }
}
