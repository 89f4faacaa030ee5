package dev.firebreak.lab.experiment.blocking;

import dev.firebreak.lab.experiment.Labelled;
import java.util.List;

/** The server stacks compared by {@code blocking}, each guarded by Firebreak. */
public enum BlockingStack implements Labelled {
    /** Seed 002's Spring Boot 1: thread per request on Tomcat's 200-thread pool, a blocking client. */
    TOMCAT_200("tomcat-200-threads", "embedded Tomcat 11.0.10 (NIO connector), servlet on the 200-thread pool, blocking "
            + "JDK HttpClient.send, Firebreak SEMAPHORE guard (200)"),
    /** The same servlet on virtual threads. */
    TOMCAT_VIRTUAL("tomcat-virtual-threads", "embedded Tomcat 11.0.10, useVirtualThreads=true (a virtual thread per "
            + "request), the same blocking JDK HttpClient.send, Firebreak SEMAPHORE guard (20000)"),
    /** Seed 002's Spring Boot 2 / WebFlux: Reactor Netty server and client, nothing blocks. */
    NETTY_NONBLOCKING("netty-nonblocking", "Reactor Netty 1.2.9 HTTP server and client (WebFlux's runtime), "
            + "Firebreak guard.submitAsync (SEMAPHORE 20000): no thread waits");

    private final String label;
    private final String description;

    BlockingStack(String label, String description) {
        this.label = label;
        this.description = description;
    }

    /** The name in reports and on the command line. */
    public String label() {
        return label;
    }

    /** What it is. */
    public String description() {
        return description;
    }

    /** Every label. */
    public static List<String> labels() {
        return Labelled.labels(values());
    }

    /** Every label, for an option's declaration ({@code completionCandidates}: the help text lists them). */
    public static final class Labels implements Iterable<String> {
        @Override
        public java.util.Iterator<String> iterator() {
            return labels().iterator();
        }
    }

    /** The stack with this label. */
    public static BlockingStack of(String label) {
        return Labelled.find(values(), label, () -> "no stack '" + label + "'");
    }
}
