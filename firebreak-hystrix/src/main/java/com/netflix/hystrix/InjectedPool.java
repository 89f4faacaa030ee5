package com.netflix.hystrix;

import dev.firebreak.GuardedCall;
import dev.firebreak.attempt.Admission;
import dev.firebreak.event.EventType;
import dev.firebreak.isolation.IsolationStrategy;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;

/*
 * A thread pool given to a command instance (through the package-private constructors) runs that
 * instance's work under THREAD isolation, as 1.5.18's injected pool did.
 *
 * The admission (added with the other injected parts' ones, entered on the calling thread) reserves a
 * place on the pool at once: it hands the pool's executor a Slot, a task that waits for the work.
 * A pool that says it has no queue space, or whose executor refuses the Slot, refuses the attempt
 * with THREAD_POOL_REJECTED (then the fallback). The command then starts its work through the guard's
 * submitAsync, whose supplier (on the same thread) gives the work to the Slot; cancelling the stage
 * (a timeout, the caller) takes a Slot still queued off the queue, or interrupts the pool's thread. An attempt refused after the reservation, or
 * never handed its work, gives the Slot nothing to do, so the pool's thread is freed.
 */
final class InjectedPool {

    private static final ThreadLocal<Slot> RESERVED = new ThreadLocal<>();

    private InjectedPool() {
    }

    /** Runs {@code call} on the pool thread reserved on this thread by the admission. */
    static <V> CompletableFuture<V> runOnReserved(GuardedCall<V> call) {
        Slot slot = RESERVED.get();
        RESERVED.remove();
        CompletableFuture<V> stage = new CompletableFuture<>();
        if (slot == null) {
            stage.completeExceptionally(new IllegalStateException("no thread of the given pool was reserved"));
            return stage;
        }
        slot.handOver(() -> {
            try {
                stage.complete(call.call());
            } catch (Throwable thrown) {
                stage.completeExceptionally(thrown);
            }
        });
        stage.whenComplete((value, thrown) -> {
            if (stage.isCancelled()) {
                slot.interrupt();
            }
        });
        return stage;
    }

    /** Forgets a reservation this thread made and did not use. */
    static void clear() {
        RESERVED.remove();
    }

    /** The admission: one Slot per attempt of an instance that brought a pool, held until its work ends. */
    record Reservation(String key) implements Admission {
        @Override
        public Object enter(long nowNanos) {
            AbstractCommand<?> command = InjectedParts.starting(key);
            HystrixThreadPool pool = command == null ? null : command.injected.threadPool;
            if (pool == null || command.guard.controls().isolationStrategy() != IsolationStrategy.THREAD) {
                return InjectedParts.PASS;
            }
            Slot slot = new Slot(pool);
            try {
                if (!pool.isQueueSpaceAvailable()) {
                    throw new RejectedExecutionException("the pool has no queue space");
                }
                pool.getExecutor().execute(slot);
            } catch (RejectedExecutionException full) {
                pool.markThreadRejection();
                return null;
            }
            RESERVED.set(slot);
            return slot;
        }

        @Override
        public EventType refusal() {
            return EventType.THREAD_POOL_REJECTED;
        }

        @Override
        public void exit(Object permit, EventType event, long executionNanos, long nowNanos) {
            if (permit instanceof Slot slot) {
                slot.handOver(() -> { }); // nothing, if the work never came
            }
        }

        @Override
        public Hold hold() {
            return Hold.UNTIL_WORK_ENDS;
        }
    }

    /** A task on the pool that runs the work handed over to it, once. */
    static final class Slot implements Runnable {
        private final HystrixThreadPool pool;
        private final CompletableFuture<Runnable> work = new CompletableFuture<>();
        private volatile Thread thread;
        private volatile boolean interrupted;

        Slot(HystrixThreadPool pool) {
            this.pool = pool;
        }

        void handOver(Runnable task) {
            work.complete(task);
        }

        void interrupt() {
            interrupted = true;
            if (pool.getExecutor() instanceof ThreadPoolExecutor executor && executor.remove(this)) {
                return; // still queued: it leaves the queue and never runs
            }
            Thread running = thread;
            if (running != null) {
                running.interrupt();
            }
        }

        @Override
        public void run() {
            Runnable task;
            try {
                task = work.get();
            } catch (Exception notHanded) {
                return;
            }
            thread = Thread.currentThread();
            pool.markThreadExecution();
            try {
                if (interrupted) {
                    Thread.currentThread().interrupt();
                }
                task.run();
            } finally {
                thread = null;
                Thread.interrupted(); // the pool's thread goes back clean
                pool.markThreadCompletion();
            }
        }
    }
}
