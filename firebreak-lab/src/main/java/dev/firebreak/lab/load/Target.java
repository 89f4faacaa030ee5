package dev.firebreak.lab.load;

import java.util.concurrent.CompletableFuture;

/** What the load driver calls: one request per {@link #send()}, completing with its {@link Reply}. */
@FunctionalInterface
public interface Target {

    /** Sends one request without blocking; the future completes (never exceptionally, ideally) with its reply. */
    CompletableFuture<Reply> send();
}
