package dev.firebreak.live;

import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The change listeners of a {@link PropertySource} that pushes changes (a store's watch): a source
 * calls {@link #changed()} from its client's thread, and the listeners (the live configuration's
 * refresh, which reads the source again) run on a daemon thread of this object's own, never on the
 * client's event thread. Changes that arrive while a refresh is queued are read by it.
 */
public final class PushedChanges implements AutoCloseable {

    private final CopyOnWriteArrayList<Runnable> listeners = new CopyOnWriteArrayList<>();
    private final ExecutorService notifier;
    /** One refresh queued at most. */
    private final AtomicBoolean queued = new AtomicBoolean();
    private volatile boolean closed;

    /** Listeners that run on a daemon thread named {@code threadName}. */
    public PushedChanges(String threadName) {
        Objects.requireNonNull(threadName, "threadName");
        this.notifier = Executors.newSingleThreadExecutor(task -> {
            Thread thread = new Thread(task, threadName);
            thread.setDaemon(true);
            return thread;
        });
    }

    /** For {@link PropertySource#addChangeListener}. */
    public void add(Runnable listener) {
        listeners.add(Objects.requireNonNull(listener, "listener"));
    }

    /** For {@link PropertySource#removeChangeListener}. */
    public void remove(Runnable listener) {
        listeners.remove(listener);
    }

    /** The source changed: runs the listeners soon, unless a run is already queued; never blocks. */
    public void changed() {
        if (closed || !queued.compareAndSet(false, true)) {
            return;
        }
        try {
            notifier.execute(() -> {
                queued.set(false); // before the listeners read: a change from now on queues another run
                for (Runnable listener : listeners) {
                    listener.run();
                }
            });
        } catch (RejectedExecutionException closedMeanwhile) {
            queued.set(false);
        }
    }

    /** Stops the thread; later changes are ignored. */
    @Override
    public void close() {
        closed = true;
        notifier.shutdownNow();
    }
}
