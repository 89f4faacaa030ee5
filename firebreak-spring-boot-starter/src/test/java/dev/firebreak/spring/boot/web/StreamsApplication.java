package dev.firebreak.spring.boot.web;

import org.springframework.boot.autoconfigure.SpringBootApplication;

/** An application with nothing of its own: the starter's guard "demo", stream, events stream and dashboard. */
@SpringBootApplication
public class StreamsApplication {
}
