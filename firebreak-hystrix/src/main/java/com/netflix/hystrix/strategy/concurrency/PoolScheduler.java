package com.netflix.hystrix.strategy.concurrency;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import rx.Scheduler;
import rx.Subscription;
import rx.functions.Action0;
import rx.functions.Func0;
import rx.subscriptions.CompositeSubscription;

/**
 * An RxJava scheduler on a thread pool's executor: each action is one task; unsubscribing an action
 * before it starts means it never runs, while it runs interrupts its thread if {@code shouldInterrupt}
 * says so (asked at that moment). Delayed scheduling is refused, as a Hystrix thread pool refuses it.
 */
final class PoolScheduler extends Scheduler {

    private final ExecutorService executor;
    private final Func0<Boolean> shouldInterrupt;

    PoolScheduler(ExecutorService executor, Func0<Boolean> shouldInterrupt) {
        this.executor = executor;
        this.shouldInterrupt = shouldInterrupt;
    }

    @Override
    public Worker createWorker() {
        return new PoolWorker();
    }

    private final class PoolWorker extends Worker {
        private final CompositeSubscription tasks = new CompositeSubscription();

        @Override
        public Subscription schedule(Action0 action) {
            if (tasks.isUnsubscribed()) {
                return rx.subscriptions.Subscriptions.unsubscribed();
            }
            Task task = new Task(action);
            tasks.add(task);
            executor.execute(task); // a refusal (RejectedExecutionException) reaches the caller
            return task;
        }

        @Override
        public Subscription schedule(Action0 action, long delayTime, TimeUnit unit) {
            throw new IllegalStateException("a thread pool's scheduler runs actions at once; delayed scheduling ("
                    + delayTime + " " + unit + ") is not supported");
        }

        @Override
        public void unsubscribe() {
            tasks.unsubscribe();
        }

        @Override
        public boolean isUnsubscribed() {
            return tasks.isUnsubscribed();
        }

        /** One scheduled action. */
        private final class Task implements Runnable, Subscription {
            /** Marks a task that has ended or was unsubscribed before it ran. */
            private static final Thread DONE = new Thread(() -> { }, "done");
            private final Action0 action;
            /*
             * null: not started; a thread: running on it; DONE: ended or cancelled. Each move is a CAS, so
             * a cancel interrupts the runner only while the runner is inside the action.
             */
            private final AtomicReference<Thread> runner = new AtomicReference<>();

            Task(Action0 action) {
                this.action = action;
            }

            @Override
            public void run() {
                Thread me = Thread.currentThread();
                if (!runner.compareAndSet(null, me)) {
                    return; // unsubscribed before it started
                }
                try {
                    action.call();
                } finally {
                    runner.compareAndSet(me, DONE);
                    tasks.remove(this);
                }
            }

            @Override
            public void unsubscribe() {
                Thread running = runner.getAndSet(DONE);
                if (running != null && running != DONE && Boolean.TRUE.equals(shouldInterrupt.call())) {
                    running.interrupt();
                }
                tasks.remove(this);
            }

            @Override
            public boolean isUnsubscribed() {
                return runner.get() == DONE;
            }
        }
    }
}
