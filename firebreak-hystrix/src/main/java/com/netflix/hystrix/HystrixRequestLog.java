package com.netflix.hystrix;

import com.netflix.hystrix.strategy.HystrixPlugins;
import com.netflix.hystrix.strategy.concurrency.HystrixConcurrencyStrategy;
import com.netflix.hystrix.strategy.concurrency.HystrixConcurrencyStrategyDefault;
import com.netflix.hystrix.strategy.concurrency.HystrixRequestVariableHolder;
import com.netflix.hystrix.strategy.concurrency.HystrixRequestVariableLifecycle;
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

    /** The log kept in a request variable made by a registered concurrency strategy. */
    private static final HystrixRequestVariableHolder<HystrixRequestLog> VARIABLE = new HystrixRequestVariableHolder<>(
            new HystrixRequestVariableLifecycle<>() {
                @Override
                public HystrixRequestLog initialValue() {
                    return new HystrixRequestLog();
                }

                @Override
                public void shutdown(HystrixRequestLog value) {
                    // nothing to release: the log holds command objects only
                }
            });

    /**
     * The log of the request context current on this thread, or null outside a context. With a
     * registered concurrency strategy, the log is kept in the request variable the strategy makes
     * ({@code getRequestVariable}), as in 1.5.18: a strategy whose variable holds nothing has no log.
     */
    public static HystrixRequestLog getCurrentRequest() {
        return getCurrentRequest(HystrixPlugins.getInstance().getConcurrencyStrategy());
    }

    /** The log of the current request, kept in the request variable {@code concurrencyStrategy} makes. */
    public static HystrixRequestLog getCurrentRequest(HystrixConcurrencyStrategy concurrencyStrategy) {
        RequestContext context = RequestContext.currentOrNull();
        if (context == null || context.isClosed()) {
            return null;
        }
        if (concurrencyStrategy == null || concurrencyStrategy instanceof HystrixConcurrencyStrategyDefault) {
            return of(context); // the default strategy keeps request variables in the context: the same place, directly
        }
        return VARIABLE.get(concurrencyStrategy);
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
