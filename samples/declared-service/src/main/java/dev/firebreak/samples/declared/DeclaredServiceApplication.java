package dev.firebreak.samples.declared;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/** A service whose resilience is declared only: application.yml and {@code @Guarded}, no policy built in code. */
@SpringBootApplication
public class DeclaredServiceApplication {

    /** Starts the service. */
    public static void main(String[] args) {
        SpringApplication.run(DeclaredServiceApplication.class, args);
    }
}
