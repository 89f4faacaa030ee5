package dev.firebreak.lab.report;

import dev.firebreak.time.Cancellable;
import dev.firebreak.time.Scheduler;
import dev.firebreak.time.Ticker;
import java.io.PrintStream;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A progress bar on the error stream, driven by planned time: the experiment announces each step and
 * how long it should take; the bar redraws a few times a second. On a terminal it redraws one line in
 * place; otherwise (a log, CI) it prints one line per step.
 */
public final class ProgressBar implements AutoCloseable {

    private static final long REDRAW_NANOS = 250_000_000L;
    private static final int WIDTH = 30;

    private final PrintStream out;
    private final boolean terminal;
    private final Ticker ticker;
    private final Scheduler scheduler;
    private final long totalNanos;
    private final long startNanos;
    private final ReentrantLock lock = new ReentrantLock();
    private long doneNanos;
    private long stepStartNanos;
    private long stepPlannedNanos;
    private String step = "starting";
    private Cancellable redraw = Cancellable.NONE;
    private boolean closed;

    /**
     * A bar for {@code totalNanos} of planned work.
     *
     * @param terminal redraw in place (true) or print a line per step
     */
    public ProgressBar(PrintStream out, boolean terminal, Ticker ticker, Scheduler scheduler, long totalNanos) {
        this.out = out;
        this.terminal = terminal;
        this.ticker = ticker;
        this.scheduler = scheduler;
        this.totalNanos = Math.max(1, totalNanos);
        this.startNanos = ticker.read();
        if (terminal) {
            scheduleRedraw();
        }
    }

    /** A step of {@code plannedNanos} begins; the previous one, if any, counts as done. */
    public void step(String description, long plannedNanos) {
        lock.lock();
        try {
            doneNanos += stepPlannedNanos;
            stepPlannedNanos = plannedNanos;
            stepStartNanos = ticker.read();
            step = description;
            if (!terminal) {
                out.println("[" + percent() + "%] " + description);
            }
        } finally {
            lock.unlock();
        }
        if (terminal) {
            draw();
        }
    }

    private void scheduleRedraw() {
        redraw = scheduler.schedule(REDRAW_NANOS, () -> {
            draw();
            lock.lock();
            try {
                if (!closed) {
                    scheduleRedraw();
                }
            } finally {
                lock.unlock();
            }
        });
    }

    private int percent() {
        long inStep = Math.min(stepPlannedNanos, Math.max(0, ticker.read() - stepStartNanos));
        return (int) Math.min(100, 100 * (doneNanos + inStep) / totalNanos);
    }

    private void draw() {
        lock.lock();
        try {
            if (closed) {
                return;
            }
            int percent = percent();
            int filled = percent * WIDTH / 100;
            long elapsed = (ticker.read() - startNanos) / 1_000_000_000L;
            out.print("\r[" + "#".repeat(filled) + "-".repeat(WIDTH - filled) + "] " + String.format("%3d%%", percent)
                    + String.format(" %3ds/%ds ", elapsed, totalNanos / 1_000_000_000L) + step + "\u001b[K");
            out.flush();
        } finally {
            lock.unlock();
        }
    }

    /** Ends the bar (a final newline on a terminal). */
    @Override
    public void close() {
        lock.lock();
        try {
            if (closed) {
                return;
            }
            closed = true;
            redraw.cancel();
            if (terminal) {
                out.print("\r[" + "#".repeat(WIDTH) + "] 100% done\u001b[K\n");
            } else {
                out.println("[100%] done");
            }
            out.flush();
        } finally {
            lock.unlock();
        }
    }
}
