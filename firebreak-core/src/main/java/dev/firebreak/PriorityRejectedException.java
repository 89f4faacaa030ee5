package dev.firebreak;

import dev.firebreak.context.Criticality;
import dev.firebreak.event.EventType;

/**
 * The call never ran: its guard refuses by criticality ({@code priority.enabled}) and the call was
 * refused at the concurrency limit, by the rejection threshold or at the limit itself (LIMIT_REJECTED).
 * It names the call's {@link #criticality()}; the limit it names is the isolation's limit in force.
 *
 * <p>A subclass of {@link RejectedException}, so code that catches rejections catches these too.
 */
public final class PriorityRejectedException extends RejectedException {

    private final Criticality criticality;

    PriorityRejectedException(String guard, int limit, Criticality criticality) {
        this(guard, limit, criticality, false);
    }

    /** {@code shared}: as for {@link RejectedException}, one instance per (level, limit) in force, handed to fallbacks. */
    PriorityRejectedException(String guard, int limit, Criticality criticality, boolean shared) {
        super(guard, EventType.LIMIT_REJECTED, limit, shared);
        this.criticality = criticality;
    }

    /** The refused call's criticality. */
    public Criticality criticality() {
        return criticality;
    }

    /** Whether this exception says a refusal of {@code level} at {@code limit}. */
    boolean says(Criticality level, int limit) {
        return this.limit == limit && criticality == level;
    }

    @Override
    String describe() {
        return guard() + ": rejected (" + event() + ", limit " + limit + ", criticality " + criticality + ")";
    }
}
