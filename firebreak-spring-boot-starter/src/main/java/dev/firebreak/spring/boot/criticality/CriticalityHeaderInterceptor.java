package dev.firebreak.spring.boot.criticality;

import dev.firebreak.context.Criticality;
import java.io.IOException;
import java.util.Objects;
import org.springframework.http.HttpRequest;
import org.springframework.http.client.ClientHttpRequestExecution;
import org.springframework.http.client.ClientHttpRequestInterceptor;
import org.springframework.http.client.ClientHttpResponse;

/**
 * Puts the caller's level ({@link Criticality#current()}) in a header of every request a
 * {@code RestClient} or {@code RestTemplate} sends, unless the request names one itself. The starter adds it
 * to Boot's builders ({@code firebreak.criticality.propagate}); a builder made by hand takes it with
 * {@code .requestInterceptor(new CriticalityHeaderInterceptor(Criticality.HEADER))}.
 */
public final class CriticalityHeaderInterceptor implements ClientHttpRequestInterceptor {

    private final String header;

    /** An interceptor writing the header {@code header} (usually {@link Criticality#HEADER}). */
    public CriticalityHeaderInterceptor(String header) {
        this.header = Objects.requireNonNull(header, "header");
    }

    @Override
    public ClientHttpResponse intercept(HttpRequest request, byte[] body, ClientHttpRequestExecution execution)
            throws IOException {
        if (!request.getHeaders().containsHeader(header)) {
            request.getHeaders().set(header, Criticality.current().name());
        }
        return execution.execute(request, body);
    }

    @Override
    public String toString() {
        return "CriticalityHeaderInterceptor[" + header + "]";
    }
}
