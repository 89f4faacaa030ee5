package dev.firebreak.spring.boot.events;

import org.springframework.boot.autoconfigure.SpringBootApplication;

/** An application with nothing of its own: the test builds its guards and policies on the starter's registry. */
@SpringBootApplication
public class PoliciesApplication {
}
