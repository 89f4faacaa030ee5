package dev.firebreak.samples.declared;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;
import org.springframework.web.client.RestClient;

/** The HTTP service this one depends on, at {@code downstream.url}. */
@Component
public class Downstream {

    private final RestClient client;

    /** A client of {@code downstream.url}. */
    public Downstream(@Value("${downstream.url}") String url) {
        this.client = RestClient.create(url);
    }

    /** GET {@code path}, the body as text; an error status throws. */
    public String get(String path) {
        return client.get().uri(path).retrieve().body(String.class);
    }
}
