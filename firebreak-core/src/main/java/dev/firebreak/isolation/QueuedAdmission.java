package dev.firebreak.isolation;

/**
 * Not an API (public for the guard's engine only): an asynchronous call queued for a permit of a full
 * bulkhead ({@link Isolator#enter(long, QueuedAdmission.Source)} answered {@link Isolator#QUEUED}). It is told
 * exactly once: {@link #granted} with its permit, or {@link #expired} when its wait ended without one.
 * Either may run on the thread that queued it (before the queuing call returns), on the thread of a call
 * that gave a permit back, or on the scheduler's timer thread; neither may block.
 */
public interface QueuedAdmission {

    /** A permit was handed over: the call owns it now (and gives it back through the isolator's exit). */
    void granted(Object permit);

    /** The wait ended without a permit: the call is refused, with the isolator's refusal event. */
    void expired();

    /**
     * What an asynchronous call gives the isolator: it makes its {@link QueuedAdmission} only when the
     * call must wait, so a call admitted at once allocates nothing for it.
     */
    interface Source {
        /** This call as a waiter, made once, when it is queued. */
        QueuedAdmission queued();
    }
}
