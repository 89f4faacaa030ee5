package dev.firebreak.stream;

import dev.firebreak.Guard;
import dev.firebreak.GuardRegistry;
import dev.firebreak.collapse.Collapser;
import dev.firebreak.collapse.CollapserRegistry;
import dev.firebreak.hedge.Hedge;
import dev.firebreak.hedge.HedgeRegistry;
import dev.firebreak.isolation.GuardThreadPool;
import dev.firebreak.live.DynamicConfiguration;
import dev.firebreak.retry.Retry;
import dev.firebreak.retry.RetryRegistry;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * Serializes one emitter tick: one SSE {@code data:} event per guard, then per thread pool, then per
 * collapser, then per retry and per hedging policy (each group sorted by name), then the live
 * configuration's provenance when the registry has one ({@link ConfigurationEvent}), then a {@code ping:}
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
        return build(currentTimeMillis, () -> false);
    }

    /**
     * The frame of one tick at {@code currentTimeMillis}, or null if {@code abandoned} answered true
     * before the frame was whole: it is asked before each event, so a tick that its server stopped
     * lets go of the registry's guards, pools and policies within one event.
     */
    byte[] build(long currentTimeMillis, BooleanSupplier abandoned) {
        StringBuilder out = new StringBuilder(4096);
        JsonWriter json = new JsonWriter(out);
        if (!events(out, abandoned, registry.guards(), Guard::name, g -> CommandEvent.write(json, g, currentTimeMillis))
                || !events(out, abandoned, registry.pools(), GuardThreadPool::name,
                        p -> ThreadPoolEvent.write(json, p, currentTimeMillis))
                || !events(out, abandoned, CollapserRegistry.of(registry).collapsers(), Collapser::name,
                        c -> CollapserEvent.write(json, c, currentTimeMillis))
                || !events(out, abandoned, RetryRegistry.of(registry).policies(), Retry::name,
                        r -> RetryEvent.write(json, r, currentTimeMillis))
                || !events(out, abandoned, HedgeRegistry.of(registry).policies(), Hedge::name,
                        h -> HedgeEvent.write(json, h, currentTimeMillis))) {
            return null;
        }
        if (registry.configResolver() instanceof DynamicConfiguration configuration) {
            event(out, () -> ConfigurationEvent.write(json, configuration, currentTimeMillis));
        }
        out.append("ping: \n\n");
        return out.toString().getBytes(StandardCharsets.UTF_8);
    }

    /** One event per item, sorted by name; false (and nothing more written) once {@code abandoned} says so. */
    private static <T> boolean events(StringBuilder out, BooleanSupplier abandoned, Collection<T> items,
            Function<T, String> name, Consumer<T> write) {
        for (T item : sorted(items, name)) {
            if (abandoned.getAsBoolean()) {
                return false;
            }
            event(out, () -> write.accept(item));
        }
        return true;
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

    private static <T> List<T> sorted(Collection<T> items, Function<T, String> name) {
        List<T> list = new ArrayList<>(items);
        list.sort(Comparator.comparing(name));
        return list;
    }
}
