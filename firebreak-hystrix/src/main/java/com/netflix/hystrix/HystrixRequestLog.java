package com.netflix.hystrix;

import com.netflix.hystrix.strategy.concurrency.HystrixConcurrencyStrategy;
import dev.firebreak.context.RequestContext;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The commands a request ran, in the order they started, kept with the request context (at most
 * {@link #MAX_STORAGE} of them). Firebreak's own {@code RequestLog} of the same context records the
 * guards' calls for the stream and dashboard; this one keeps the command objects, as Hystrix does.
 */
public class HystrixRequestLog {

    /** The most commands one log keeps; later ones are not recorded. */
    static final int MAX_STORAGE = 1000;

    private final ConcurrentLinkedQueue<HystrixInvokableInfo<?>> commands = new ConcurrentLinkedQueue<>();
    private final AtomicInteger size = new AtomicInteger();

    HystrixRequestLog() {
    }

    /** The log of the request context current on this thread, or null outside a context. */
    public static HystrixRequestLog getCurrentRequest() {
        RequestContext context = RequestContext.currentOrNull();
        return context == null || context.isClosed() ? null : of(context);
    }

    /** Same as {@link #getCurrentRequest()}; the strategy is accepted for compatibility and not needed. */
    public static HystrixRequestLog getCurrentRequest(HystrixConcurrencyStrategy concurrencyStrategy) {
        return getCurrentRequest();
    }

    static HystrixRequestLog of(RequestContext context) {
        return context.attachment(HystrixRequestLog.class, k -> new HystrixRequestLog());
    }

    void addExecutedCommand(HystrixInvokableInfo<?> command) {
        if (size.getAndIncrement() >= MAX_STORAGE) {
            size.decrementAndGet();
            return;
        }
        commands.add(command);
    }

    /** The commands of this request, in the order they started. */
    public Collection<HystrixInvokableInfo<?>> getAllExecutedCommands() {
        return Collections.unmodifiableList(new ArrayList<>(commands));
    }

    /** The {@link HystrixCommand}s of this request (observable commands left out). */
    @Deprecated
    public Collection<HystrixCommand<?>> getExecutedCommands() {
        List<HystrixCommand<?>> out = new ArrayList<>();
        for (HystrixInvokableInfo<?> command : commands) {
            if (command instanceof HystrixCommand<?> c) {
                out.add(c);
            }
        }
        return Collections.unmodifiableList(out);
    }

    /**
     * The log on one line, in Hystrix's format: each command as {@code Key[EVENT, EVENT]} (events in
     * {@link HystrixEventType} order, EMIT with its count as {@code EMITx3}, {@code [Executed]} while
     * it has none), identical entries merged in order of first appearance, each followed by the sum of
     * their execution times {@code [12ms]} and, when more than one, {@code x3}:
     * {@code GetUserAccountCommand[SUCCESS][8ms], CreditCardCommand[SUCCESS][1044ms]}.
     */
    public String getExecutedCommandsAsString() {
        Map<String, Integer> counts = new LinkedHashMap<>();
        Map<String, Integer> millis = new HashMap<>();
        for (HystrixInvokableInfo<?> command : commands) {
            String display = command.getCommandKey().name() + eventsOf(command);
            counts.merge(display, 1, Integer::sum);
            millis.merge(display, Math.max(0, command.getExecutionTimeInMilliseconds()), Integer::sum);
        }
        StringBuilder line = new StringBuilder();
        counts.forEach((display, count) -> {
            if (!line.isEmpty()) {
                line.append(", ");
            }
            line.append(display).append('[').append(millis.get(display)).append("ms]");
            if (count > 1) {
                line.append('x').append(count);
            }
        });
        return line.toString();
    }

    private static String eventsOf(HystrixInvokableInfo<?> command) {
        List<HystrixEventType> events = command.getExecutionEvents();
        if (events.isEmpty()) {
            return "[Executed]";
        }
        List<String> shown = new ArrayList<>(events.size());
        for (HystrixEventType event : events) {
            int times = event == HystrixEventType.EMIT ? command.getNumberEmissions()
                    : event == HystrixEventType.FALLBACK_EMIT ? command.getNumberFallbackEmissions() : 1;
            shown.add(times > 1 ? event + "x" + times : event.toString());
        }
        return "[" + String.join(", ", shown) + "]";
    }
}
