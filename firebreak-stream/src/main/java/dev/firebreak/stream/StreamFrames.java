package dev.firebreak.stream;

import dev.firebreak.Guard;
import dev.firebreak.GuardRegistry;
import dev.firebreak.collapse.Collapser;
import dev.firebreak.collapse.CollapserRegistry;
import dev.firebreak.hedge.Hedge;
import dev.firebreak.hedge.HedgeRegistry;
import dev.firebreak.isolation.GuardThreadPool;
import dev.firebreak.retry.Retry;
import dev.firebreak.retry.RetryRegistry;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Function;

/**
 * Serializes one emitter tick: one SSE {@code data:} event per guard, then per thread pool, then per
 * collapser, then per retry and per hedging policy (each group sorted by name), then a {@code ping:}
 * heartbeat, as one UTF-8 byte array that every client receives unchanged.
 */
final class StreamFrames {

    /** The heartbeat alone, sent on connect and on ticks a client skips ({@code delay}). */
    static final byte[] PING = "ping: \n\n".getBytes(StandardCharsets.US_ASCII);

    private final GuardRegistry registry;

    StreamFrames(GuardRegistry registry) {
        this.registry = registry;
    }

    /** The frame of one tick at {@code currentTimeMillis} (epoch ms). */
    byte[] build(long currentTimeMillis) {
        StringBuilder out = new StringBuilder(4096);
        JsonWriter json = new JsonWriter(out);
        for (Guard guard : sorted(registry.guards(), Guard::name)) {
            event(out, () -> CommandEvent.write(json, guard, currentTimeMillis));
        }
        for (GuardThreadPool pool : sorted(registry.pools(), GuardThreadPool::name)) {
            event(out, () -> ThreadPoolEvent.write(json, pool, currentTimeMillis));
        }
        for (Collapser<?, ?> collapser : sorted(CollapserRegistry.of(registry).collapsers(), Collapser::name)) {
            event(out, () -> CollapserEvent.write(json, collapser, currentTimeMillis));
        }
        for (Retry retry : sorted(RetryRegistry.of(registry).policies(), Retry::name)) {
            event(out, () -> RetryEvent.write(json, retry, currentTimeMillis));
        }
        for (Hedge hedge : sorted(HedgeRegistry.of(registry).policies(), Hedge::name)) {
            event(out, () -> HedgeEvent.write(json, hedge, currentTimeMillis));
        }
        out.append("ping: \n\n");
        return out.toString().getBytes(StandardCharsets.UTF_8);
    }

    /**
     * Appends one {@code data:} event; if reading the figures throws, the partial JSON is cut off and
     * the event left out, so one broken guard cannot silence the others or the heartbeat.
     */
    private static void event(StringBuilder out, Runnable writeJson) {
        int start = out.length();
        out.append("data: ");
        try {
            writeJson.run();
            out.append("\n\n");
        } catch (RuntimeException broken) {
            out.setLength(start);
        }
    }

    private static <T> List<T> sorted(java.util.Collection<T> items, Function<T, String> name) {
        List<T> list = new ArrayList<>(items);
        list.sort(Comparator.comparing(name));
        return list;
    }
}
