package dev.firebreak.lab.experiment.tuning;

import dev.firebreak.lab.downstream.LatencyModel;
import dev.firebreak.time.Scheduler;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Semaphore;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The service behind seed 003's tuning experiment, as a model: a fixed number of workers (a fair
 * semaphore) each holding a call for a service time drawn from a latency model. Its throughput
 * saturates at workers / mean service time, as the seed's interface did (about 860/s, whatever the
 * users), and above that the waiting grows with the users (Little's law). A call waits for a worker
 * on its own thread (interruptible: a guard's timeout frees it) and holds the worker until its
 * service time has passed on the scheduler.
 */
public final class CapacityDependency {

    private final Semaphore workers;
    private final LatencyModel serviceTime;
    private final Scheduler scheduler;
    private final SplittableRandom random;
    private final ReentrantLock randomLock = new ReentrantLock();

    /** A dependency with {@code workers} workers and the given service time. */
    public CapacityDependency(int workers, LatencyModel serviceTime, long seed, Scheduler scheduler) {
        this.workers = new Semaphore(workers, true);
        this.serviceTime = serviceTime;
        this.scheduler = scheduler;
        this.random = new SplittableRandom(seed);
    }

    /** One call: waits for a worker, holds it for a service time; returns that service time in nanoseconds. */
    public long call() throws InterruptedException {
        workers.acquire();
        try {
            long nanos;
            randomLock.lock();
            try {
                nanos = serviceTime.sampleNanos(random);
            } finally {
                randomLock.unlock();
            }
            CompletableFuture<Void> served = new CompletableFuture<>();
            scheduler.schedule(nanos, () -> served.complete(null));
            served.get();
            return nanos;
        } catch (ExecutionException e) {
            throw new IllegalStateException("the service timer failed", e.getCause());
        } finally {
            workers.release();
        }
    }
}
