package dev.firebreak.samples.netflix;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * A service written the Spring Cloud Netflix way, with hystrix-javanica's annotations on its beans.
 * Migrated to Firebreak by swapping dependencies and deleting {@code @EnableHystrix}: nothing else
 * changed.
 */
@SpringBootApplication
public class NetflixServiceApplication {

    /** Starts the service. */
    public static void main(String[] args) {
        SpringApplication.run(NetflixServiceApplication.class, args);
    }
}
