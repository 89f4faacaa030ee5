package dev.firebreak;

import dev.firebreak.event.EventType;
import dev.firebreak.isolation.QueuedAdmission;
import dev.firebreak.time.internal.OffTimer;

/**
 * A hand-off call ({@link AsyncExecution}) queued for a permit of its full isolation: told once, it
 * starts the call or refuses it. The submitting thread never waited; this runs on the thread of a call
 * that gave a permit back, or at the wait's deadline (then off the timer).
 */
final class QueuedStart implements QueuedAdmission {

    private final AsyncExecution<?> call;

    QueuedStart(AsyncExecution<?> call) {
        this.call = call;
    }

    /**
     * The permit was handed over: the call starts with what is left of its timeout (the wait counts in
     * it). One cancelled while it waited gives the permit back without running.
     */
    @Override
    public void granted(Object permit) {
        Pipeline pipeline = call.pipeline;
        pipeline.granted(call.permits, permit);
        long waited = pipeline.ticker().read() - call.start;
        if (call.outcome != AsyncExecution.PENDING) {
            pipeline.workEnded(call.permits, EventType.SUCCESS, 0L, call.start + waited); // never ran: 0 ns
            call.permitGone();
            return;
        }
        Runnable launch = () -> call.inContext(() -> call.launchAdmitted(waited)); // a stage's supplier runs here
        if (OffTimer.inTimerTask()) {
            AsyncExecution.OFF_TIMER.run(launch); // no user code on the timer
        } else {
            launch.run();
        }
    }

    /** The wait ran out: refused with the isolation's event, as a call that found the bound full. */
    @Override
    public void expired() {
        Pipeline pipeline = call.pipeline;
        EventType refusal = pipeline.isolator().refusal();
        pipeline.workEnded(call.permits, refusal, 0L, pipeline.ticker().read()); // other work-held permits go back
        call.permitGone();
        if (call.claim()) { // else a cancel while it waited gave the caller its outcome
            call.refuse(refusal);
        }
    }
}
