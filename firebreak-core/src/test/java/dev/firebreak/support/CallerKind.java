package dev.firebreak.support;

import java.util.concurrent.ThreadFactory;

/** The kind of thread a test's callers run on: the foundation must behave the same on both. */
public enum CallerKind {
    PLATFORM(Thread.ofPlatform().daemon().name("test-caller-", 0).factory()),
    VIRTUAL(Thread.ofVirtual().name("test-vcaller-", 0).factory());

    private final ThreadFactory threads;

    CallerKind(ThreadFactory threads) {
        this.threads = threads;
    }

    /** Starts {@code body} on a new caller thread of this kind. */
    public Thread start(Runnable body) {
        Thread thread = threads.newThread(body);
        thread.start();
        return thread;
    }
}
