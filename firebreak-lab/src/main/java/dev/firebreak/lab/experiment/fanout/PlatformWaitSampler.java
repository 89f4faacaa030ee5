package dev.firebreak.lab.experiment.fanout;

import dev.firebreak.time.Cancellable;
import dev.firebreak.time.Scheduler;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The JVM's own view, as a cross-check of {@link PlatformWaitGauge}: every {@code periodNanos} it
 * takes a thread dump ({@link ThreadMXBean#dumpAllThreads}, which lists platform threads only; virtual
 * threads are not in it) and counts the threads whose stack is inside the marker method, the
 * blocking fetch. The peak is the largest count of one dump. Being a sample, it may miss short waits
 * (not the 2 s waits of this experiment).
 */
public final class PlatformWaitSampler implements AutoCloseable {

    private final ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    private final Scheduler scheduler;
    private final long periodNanos;
    private final String markerClass;
    private final String markerMethod;
    private final AtomicInteger peak = new AtomicInteger();
    private final AtomicLong samples = new AtomicLong();
    private final ReentrantLock lock = new ReentrantLock();
    private Cancellable next;
    private boolean running;

    /** A sampler counting threads inside {@code markerClass.markerMethod}. */
    public PlatformWaitSampler(Scheduler scheduler, long periodNanos, String markerClass, String markerMethod) {
        this.scheduler = scheduler;
        this.periodNanos = periodNanos;
        this.markerClass = markerClass;
        this.markerMethod = markerMethod;
    }

    /** Starts sampling from zero. */
    public void start() {
        lock.lock();
        try {
            peak.set(0);
            samples.set(0);
            running = true;
            next = scheduler.schedule(0, this::sample);
        } finally {
            lock.unlock();
        }
    }

    /** Takes one sample now and returns its count (also used by {@link #start()}'s periodic task). */
    public int sampleNow() {
        int count = count(threads.dumpAllThreads(false, false), markerClass, markerMethod);
        peak.accumulateAndGet(count, Math::max);
        samples.incrementAndGet();
        return count;
    }

    private void sample() {
        sampleNow();
        lock.lock();
        try {
            if (running) {
                next = scheduler.schedule(periodNanos, this::sample);
            }
        } finally {
            lock.unlock();
        }
    }

    /** Stops sampling and takes a last sample. */
    public void stop() {
        lock.lock();
        try {
            running = false;
            if (next != null) {
                next.cancel();
            }
        } finally {
            lock.unlock();
        }
    }

    /** The largest count of one sample since {@link #start()}. */
    public int peak() {
        return peak.get();
    }

    /** Samples taken since {@link #start()}. */
    public long samples() {
        return samples.get();
    }

    /** The threads among {@code dump} whose stack contains a frame of {@code className.method}. */
    static int count(ThreadInfo[] dump, String className, String method) {
        int count = 0;
        for (ThreadInfo info : dump) {
            if (info == null) {
                continue;
            }
            for (StackTraceElement frame : info.getStackTrace()) {
                if (frame.getClassName().equals(className) && frame.getMethodName().equals(method)) {
                    count++;
                    break;
                }
            }
        }
        return count;
    }

    @Override
    public void close() {
        stop();
    }
}
