package dev.firebreak.lab.load;

import dev.firebreak.time.Cancellable;
import dev.firebreak.time.Scheduler;
import dev.firebreak.time.Ticker;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Applies a {@link LoadPlan} to a {@link Target} and measures it.
 *
 * <p>Closed loop: user i sends its first request at {@code i·ramp/users}; after each answer it pauses
 * for its think time, then sends again, until the run ends or its repetitions are used up. Open loop:
 * request i leaves at its intended time from an {@link ArrivalSchedule}, whatever earlier requests do,
 * and is timed from that intended start. In both, a request is recorded if it starts (open: is meant
 * to start) inside the measured window, and its answer is awaited even if it arrives after the window:
 * a slow first call of the warm-up never pollutes the figures, and every recorded request is complete.
 *
 * <p>Nothing blocks a thread per user: pauses and arrivals wait on the injected {@link Scheduler}, the
 * sends themselves run on virtual threads. Every loop is bounded in time (the window plus the drain)
 * and in count (open: rate × load time; closed: one request at a time per user).
 */
public final class LoadDriver implements AutoCloseable {

    private static final long LEAD_NANOS = 20_000_000L;

    private final Ticker ticker;
    private final Scheduler scheduler;
    private final ExecutorService senders = Executors.newVirtualThreadPerTaskExecutor();

    /** A driver reading {@code ticker} and waiting on {@code scheduler}. */
    public LoadDriver(Ticker ticker, Scheduler scheduler) {
        this.ticker = ticker;
        this.scheduler = scheduler;
    }

    /** Called at the edges of the measured window (for example to snapshot the downstream's counters). */
    public interface WindowListener {
        /** The measured window opens. */
        void windowOpened();

        /** The measured window closes. */
        void windowClosed();
    }

    /**
     * Runs {@code plan} against {@code target}; returns when every answer is in or the drain bound
     * passed. If a closed loop's users use up their repetitions before the window ends, the window
     * closes then, and the figures are per second of the window actually measured.
     */
    public LoadResult run(LoadPlan plan, Target target, WindowListener listener) throws InterruptedException {
        long t0 = ticker.read() + LEAD_NANOS;
        long windowStart = t0 + plan.warmup().toNanos();
        long windowEnd = windowStart + plan.measure().toNanos();
        AtomicLong closedAt = new AtomicLong();
        AtomicBoolean opened = new AtomicBoolean();
        AtomicBoolean closed = new AtomicBoolean();
        CountDownLatch snapshotTaken = new CountDownLatch(1);
        Runnable open = () -> {
            if (opened.compareAndSet(false, true)) {
                listener.windowOpened();
            }
        };
        Runnable close = () -> {
            if (closed.compareAndSet(false, true)) {
                open.run();
                closedAt.set(ticker.read());
                listener.windowClosed();
                snapshotTaken.countDown();
            }
        };
        Cancellable openTask = scheduler.schedule(windowStart - ticker.read(), open);
        Cancellable closeTask = scheduler.schedule(windowEnd - ticker.read(), close);
        Run run = new Run(target, t0, windowStart, windowEnd, plan.seed());
        boolean drained = switch (plan.loop()) {
            case Loop.Closed loop -> run.closed(loop, plan);
            case Loop.Open loop -> run.open(loop, plan);
        };
        if (plan.loop() instanceof Loop.Closed && ticker.read() - windowEnd < 0) {
            // every user is done before the window's end: close it now (the scheduled close may race
            // this one; exactly one of them runs, and the latch waits for whichever did)
            openTask.cancel();
            closeTask.cancel();
            close.run();
        }
        snapshotTaken.await(Math.max(0, windowEnd - ticker.read()) + plan.drain().toNanos(), TimeUnit.NANOSECONDS);
        long closeInstant = snapshotTaken.getCount() == 0 && closedAt.get() - windowEnd < 0 ? closedAt.get() : windowEnd;
        long measuredNanos = Math.max(0, closeInstant - windowStart);
        return new LoadResult(plan.loop().label(), run.recorder.summary(measuredNanos / 1e9), run.issued.get(), drained);
    }

    /** The state of one run. */
    private final class Run {
        final Target target;
        final long t0;
        final long windowStart;
        final long windowEnd;
        final LatencyRecorder recorder = new LatencyRecorder();
        final AtomicLong issued = new AtomicLong();
        final SplittableRandom seeds;
        final ReentrantLock seedLock = new ReentrantLock();

        Run(Target target, long t0, long windowStart, long windowEnd, long seed) {
            this.target = target;
            this.t0 = t0;
            this.windowStart = windowStart;
            this.windowEnd = windowEnd;
            this.seeds = new SplittableRandom(seed);
        }

        SplittableRandom split() {
            seedLock.lock();
            try {
                return seeds.split();
            } finally {
                seedLock.unlock();
            }
        }

        boolean inWindow(long instant) {
            return instant - windowStart >= 0 && instant - windowEnd < 0;
        }

        void record(RequestTiming timing, Reply reply, Throwable failure) {
            if (failure != null) {
                recorder.recordFailure(failure.toString());
            } else if (reply.ok()) {
                recorder.recordSuccess(timing, reply.downstreamDelayNanos());
            } else {
                recorder.recordFailure(reply.failure());
            }
        }

        boolean closed(Loop.Closed loop, LoadPlan plan) throws InterruptedException {
            CountDownLatch usersDone = new CountDownLatch(loop.users());
            long rampNanos = loop.ramp().toNanos();
            for (int i = 0; i < loop.users(); i++) {
                User user = new User(loop, usersDone, split());
                long start = t0 + (loop.users() == 1 ? 0 : rampNanos * i / loop.users());
                scheduler.schedule(start - ticker.read(), () -> senders.execute(user::sendNext));
            }
            return usersDone.await(windowEnd - ticker.read() + plan.drain().toNanos(), TimeUnit.NANOSECONDS);
        }

        /** One closed-loop user: at most one request in flight. */
        final class User {
            final Loop.Closed loop;
            final CountDownLatch done;
            final SplittableRandom random;
            int sent;

            User(Loop.Closed loop, CountDownLatch done, SplittableRandom random) {
                this.loop = loop;
                this.done = done;
                this.random = random;
            }

            void sendNext() {
                long start = ticker.read();
                if (start - windowEnd >= 0 || (loop.repetitions() > 0 && sent >= loop.repetitions())) {
                    done.countDown();
                    return;
                }
                sent++;
                issued.incrementAndGet();
                target.send().whenComplete((reply, failure) -> {
                    long end = ticker.read();
                    if (inWindow(start)) {
                        record(RequestTiming.unscheduled(start, end), reply, failure);
                    }
                    long pause = loop.think().sampleNanos(random);
                    if (pause == 0) {
                        senders.execute(this::sendNext);
                    } else {
                        scheduler.schedule(pause, () -> senders.execute(this::sendNext));
                    }
                });
            }
        }

        boolean open(Loop.Open loop, LoadPlan plan) throws InterruptedException {
            ArrivalSchedule schedule = ArrivalSchedule.of(loop, seeds.nextLong());
            long span = windowEnd - t0;
            List<CompletableFuture<?>> answers = new ArrayList<>();
            ReentrantLock answersLock = new ReentrantLock();
            CountDownLatch arrivalsDone = new CountDownLatch(1);
            Runnable arrival = new Runnable() {
                long offset = schedule.nextOffsetNanos();

                @Override
                public void run() {
                    long intended = t0 + offset;
                    CompletableFuture<Void> answer = new CompletableFuture<>();
                    answersLock.lock();
                    try {
                        answers.add(answer);
                    } finally {
                        answersLock.unlock();
                    }
                    senders.execute(() -> sendAt(intended, answer));
                    offset = schedule.nextOffsetNanos();
                    if (offset < span) {
                        scheduler.schedule(t0 + offset - ticker.read(), this);
                    } else {
                        arrivalsDone.countDown();
                    }
                }
            };
            scheduler.schedule(t0 - ticker.read(), arrival);
            arrivalsDone.await(span + plan.drain().toNanos(), TimeUnit.NANOSECONDS);
            CompletableFuture<Void> all;
            answersLock.lock();
            try {
                all = CompletableFuture.allOf(answers.toArray(CompletableFuture[]::new));
            } finally {
                answersLock.unlock();
            }
            try {
                all.get(Math.max(0, windowEnd - ticker.read()) + plan.drain().toNanos(), TimeUnit.NANOSECONDS);
                return true;
            } catch (TimeoutException e) {
                return false;
            } catch (java.util.concurrent.ExecutionException e) {
                throw new IllegalStateException("recording a request failed", e.getCause());
            }
        }

        void sendAt(long intended, CompletableFuture<Void> answer) {
            long actual = ticker.read();
            issued.incrementAndGet();
            target.send().whenComplete((reply, failure) -> {
                long end = ticker.read();
                if (inWindow(intended)) {
                    record(new RequestTiming(intended, actual, end), reply, failure);
                }
                answer.complete(null);
            });
        }
    }

    /** Stops the sender threads. */
    @Override
    public void close() {
        senders.shutdownNow();
    }
}
