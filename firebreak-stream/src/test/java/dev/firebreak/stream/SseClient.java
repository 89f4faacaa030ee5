package dev.firebreak.stream;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Iterator;
import java.util.Map;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A test client of the stream: opens a connection, then a virtual thread copies the lines it reads
 * into a queue that the test polls with bounded waits.
 */
final class SseClient implements AutoCloseable {

    private static final String END = "\u0000end";

    private final HttpResponse<Stream<String>> response;
    private final LinkedBlockingQueue<String> lines = new LinkedBlockingQueue<>();
    private final Thread reader;

    private SseClient(HttpResponse<Stream<String>> response) {
        this.response = response;
        this.reader = Thread.ofVirtual().name("sse-test-client").start(() -> {
            try {
                Iterator<String> it = response.body().iterator();
                while (it.hasNext()) {
                    lines.add(it.next());
                }
            } catch (RuntimeException ended) {
                // connection closed
            } finally {
                lines.add(END);
            }
        });
    }

    /** Connects and waits (bounded) for the response headers. */
    static SseClient open(URI uri, Map<String, String> headers) throws Exception {
        HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(10)).build();
        HttpRequest.Builder request = HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(10)).GET();
        headers.forEach(request::header);
        HttpResponse<Stream<String>> response = http.sendAsync(request.build(), HttpResponse.BodyHandlers.ofLines())
                .get(10, TimeUnit.SECONDS);
        return new SseClient(response);
    }

    static SseClient open(URI uri) throws Exception {
        return open(uri, Map.of());
    }

    int status() {
        return response.statusCode();
    }

    HttpHeaders headers() {
        return response.headers();
    }

    /** The next line, or null at the end of the stream; fails after 10 s. */
    String nextLine() throws InterruptedException {
        String line = lines.poll(10, TimeUnit.SECONDS);
        if (line == null) {
            throw new AssertionError("no line from the stream within 10 s");
        }
        return line.equals(END) ? null : line;
    }

    /** The JSON of the next {@code data:} line (skipping pings and blank lines); fails if the stream ends. */
    String nextData() throws InterruptedException {
        while (true) {
            String line = nextLine();
            if (line == null) {
                throw new AssertionError("the stream ended");
            }
            if (line.startsWith("data: ")) {
                return line.substring("data: ".length());
            }
        }
    }

    /** Waits for a ping line; fails if the stream ends first. */
    void awaitPing() throws InterruptedException {
        while (true) {
            String line = nextLine();
            if (line == null) {
                throw new AssertionError("the stream ended before a ping");
            }
            if (line.startsWith("ping:")) {
                return;
            }
        }
    }

    /** Reads until the stream ends; true if it did within 10 s per line. */
    boolean awaitEnd() throws InterruptedException {
        while (true) {
            String line = lines.poll(10, TimeUnit.SECONDS);
            if (line == null) {
                return false;
            }
            if (line.equals(END)) {
                return true;
            }
        }
    }

    @Override
    public void close() {
        response.body().close();
        reader.interrupt();
    }
}
