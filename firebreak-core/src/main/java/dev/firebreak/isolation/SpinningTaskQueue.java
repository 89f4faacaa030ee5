package dev.firebreak.isolation;

import java.util.AbstractQueue;
import java.util.Collection;
import java.util.Iterator;
import java.util.Objects;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * An unbounded task queue for a pool whose idle threads may spin briefly before they park: a thread
 * that just finished a task polls for a few microseconds first, so a caller that submits its next call
 * right away hands it over without a futex wake (tens of microseconds on a small VM), and the
 * submitter wakes nobody while a thread is spinning. Whether a take spins is the pool's
 * {@link HandOffSpin} site's decision (adaptive by default). Bounded by its user (the pool's admission count).
 *
 * <p>Invariants:
 * <ul>
 *   <li><b>No lost task.</b> A taker leaves the spinners (decrements {@code spinning}) or joins the
 *       sleepers ({@code sleeping}, under the lock) before it polls once more and parks; an offer
 *       enqueues before it reads both counts. So either the taker's last poll sees the task, or the
 *       offer sees the taker (as a spinner, which will poll again, or as a sleeper, which it signals
 *       under the lock, so the signal cannot fall between the sleeper's poll and its await).</li>
 *   <li><b>No stranded task.</b> One offer wakes at most one thread and may wake none while a thread
 *       spins; a taker that finds more tasks behind the one it took wakes a sleeper for them (a
 *       cascade), so tasks never wait for a busy thread while another sleeps.</li>
 *   <li><b>Bounded spin.</b> Rounds of {@link Thread#onSpinWait()} while the site's bound allows
 *       ({@link HandOffSpin#goOn}: a few microseconds), and only when the site allows a spin at all
 *       ({@link HandOffSpin#begin()}).</li>
 * </ul>
 */
class SpinningTaskQueue extends AbstractQueue<Runnable> implements BlockingQueue<Runnable> {

    private final ConcurrentLinkedQueue<Runnable> tasks = new ConcurrentLinkedQueue<>();
    private final AtomicInteger spinning = new AtomicInteger();
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition nonEmpty = lock.newCondition();
    private final HandOffSpin spin;
    private volatile int sleeping; // written under the lock only

    /** A queue whose takers always spin {@code spins} rounds before parking (0: park at once). */
    SpinningTaskQueue(int spins) {
        this(HandOffSpin.fixed(spins));
    }

    /** A queue whose takers spin when {@code spin} allows. */
    SpinningTaskQueue(HandOffSpin spin) {
        this.spin = spin;
    }

    @Override
    public boolean offer(Runnable task) {
        tasks.offer(Objects.requireNonNull(task, "task"));
        if (spinning.get() == 0) {
            wakeOne();
        }
        return true;
    }

    @Override
    public boolean offer(Runnable task, long timeout, TimeUnit unit) {
        return offer(task);
    }

    @Override
    public void put(Runnable task) {
        offer(task);
    }

    @Override
    public Runnable poll() {
        return tasks.poll();
    }

    @Override
    public Runnable take() throws InterruptedException {
        return await(false, 0L);
    }

    @Override
    public Runnable poll(long timeout, TimeUnit unit) throws InterruptedException {
        return await(true, unit.toNanos(timeout));
    }

    private Runnable await(boolean timed, long nanos) throws InterruptedException {
        Runnable task = tasks.poll();
        if (task == null && spin.begin() > 0) {
            spinning.incrementAndGet();
            try {
                long start = spin.spinStart();
                for (int round = 0; (task = tasks.poll()) == null && spin.goOn(round, start); round++) {
                    Thread.onSpinWait();
                }
            } finally {
                spinning.decrementAndGet();
                spin.end(task != null);
            }
        }
        if (task == null) {
            task = sleep(timed, nanos);
        }
        if (task != null && !tasks.isEmpty()) {
            wakeOne(); // more behind this one: the cascade
        }
        return task;
    }

    private Runnable sleep(boolean timed, long nanos) throws InterruptedException {
        lock.lockInterruptibly();
        try {
            sleeping++;
            try {
                Runnable task;
                while ((task = tasks.poll()) == null) {
                    if (!timed) {
                        nonEmpty.await();
                    } else if (nanos <= 0L) {
                        return null;
                    } else {
                        nanos = nonEmpty.awaitNanos(nanos);
                    }
                }
                return task;
            } finally {
                sleeping--;
            }
        } finally {
            lock.unlock();
        }
    }

    private void wakeOne() {
        if (sleeping > 0) {
            lock.lock();
            try {
                nonEmpty.signal();
            } finally {
                lock.unlock();
            }
        }
    }

    @Override
    public Runnable peek() {
        return tasks.peek();
    }

    @Override
    public Iterator<Runnable> iterator() {
        return tasks.iterator();
    }

    @Override
    public int size() {
        return tasks.size();
    }

    @Override
    public boolean isEmpty() {
        return tasks.isEmpty();
    }

    @Override
    public boolean remove(Object task) {
        return tasks.remove(task);
    }

    @Override
    public int remainingCapacity() {
        return Integer.MAX_VALUE;
    }

    @Override
    public int drainTo(Collection<? super Runnable> sink) {
        return drainTo(sink, Integer.MAX_VALUE);
    }

    @Override
    public int drainTo(Collection<? super Runnable> sink, int maxElements) {
        int drained = 0;
        Runnable task;
        while (drained < maxElements && (task = tasks.poll()) != null) {
            sink.add(task);
            drained++;
        }
        return drained;
    }
}
