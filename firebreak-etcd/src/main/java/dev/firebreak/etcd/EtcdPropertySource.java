package dev.firebreak.etcd;

import dev.firebreak.live.PropertySource;
import dev.firebreak.live.PushedChanges;
import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.Client;
import io.etcd.jetcd.KeyValue;
import io.etcd.jetcd.Watch;
import io.etcd.jetcd.kv.GetResponse;
import io.etcd.jetcd.options.GetOption;
import io.etcd.jetcd.options.WatchOption;
import io.etcd.jetcd.watch.WatchResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The properties under one etcd key prefix, one per key: the key without the prefix is the property's
 * key ({@code /firebreak/orders-service/} + {@code firebreak.command.orders.circuitBreaker.forceOpen}),
 * its value the property's value, as UTF-8 text. Watched: a change under the prefix pushes a refresh to
 * the live configuration, which then reads the whole prefix again.
 *
 * <ul>
 *   <li><b>Whole changes</b>: a read is one range request, which etcd answers at one revision, so keys
 *       written in one transaction ({@code client.getKVClient().txn()}) apply together or not at all;
 *       the live configuration then validates the snapshot whole and keeps the last valid values if any
 *       is refused.</li>
 *   <li><b>Outages</b>: a read that gets no answer within the read timeout (default 5 s) fails with a
 *       message that says so; the live configuration keeps this source's last good properties and
 *       reports a {@code SOURCE_FAILED} event. The live configuration's poll (every second by default)
 *       is what notices an outage and what reads the store afresh when it is back; the watch resumes
 *       by itself.</li>
 *   <li><b>Revision</b>: {@link #revision()} is the store's revision of the last snapshot read.</li>
 * </ul>
 *
 * <p>The jetcd client is the application's: this source does not close it. {@link #close()} cancels
 * the watch.
 */
public final class EtcdPropertySource implements PropertySource, AutoCloseable {

    private static final Duration DEFAULT_READ_TIMEOUT = Duration.ofSeconds(5);

    private final Client client;
    private final String prefix;
    private final ByteSequence prefixBytes;
    private final Duration readTimeout;
    /** Refreshes run on its thread, never on the client's event loop (a refresh reads the store and waits). */
    private final PushedChanges changes;
    private final Watch.Watcher watcher;
    private volatile long revision = -1;
    private volatile boolean closed;

    private EtcdPropertySource(Client client, String prefix, Duration readTimeout) {
        this.client = client;
        this.prefix = prefix;
        this.prefixBytes = ByteSequence.from(prefix, StandardCharsets.UTF_8);
        this.readTimeout = readTimeout;
        this.changes = new PushedChanges("firebreak-etcd " + prefix);
        this.watcher = client.getWatchClient().watch(prefixBytes, WatchOption.builder().isPrefix(true).build(),
                Watch.listener(this::onWatchResponse, failure -> changes.changed()));
    }

    /** A source over the keys under {@code prefix}, read and watched through {@code client}, reads waiting at most 5 s. */
    public static EtcdPropertySource watching(Client client, String prefix) {
        return watching(client, prefix, DEFAULT_READ_TIMEOUT);
    }

    /**
     * A source over the keys under {@code prefix}, read and watched through {@code client}; a read that
     * gets no answer within {@code readTimeout} fails (the last values stay in force).
     *
     * @throws IllegalArgumentException if {@code prefix} is empty or {@code readTimeout} is not positive
     */
    public static EtcdPropertySource watching(Client client, String prefix, Duration readTimeout) {
        Objects.requireNonNull(client, "client");
        Objects.requireNonNull(prefix, "prefix");
        Objects.requireNonNull(readTimeout, "readTimeout");
        if (prefix.isEmpty()) {
            throw new IllegalArgumentException("prefix: '' would read the whole store; name a prefix such as"
                    + " /firebreak/orders-service/");
        }
        if (readTimeout.isNegative() || readTimeout.isZero()) {
            throw new IllegalArgumentException("readTimeout: " + readTimeout + " must be positive");
        }
        return new EtcdPropertySource(client, prefix, readTimeout);
    }

    @Override
    public String name() {
        return "etcd:" + prefix;
    }

    @Override
    public Map<String, String> read() throws IOException {
        if (closed) {
            throw new IOException(name() + " is closed");
        }
        GetResponse response;
        try {
            response = client.getKVClient().get(prefixBytes, GetOption.builder().isPrefix(true).build())
                    .get(readTimeout.toNanos(), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            throw new IOException(name() + " is unreachable (no answer within " + readTimeout.toMillis()
                    + " ms): the last values read stay in force until it answers", e);
        } catch (ExecutionException e) {
            throw new IOException(name() + " is unreachable (" + e.getCause()
                    + "): the last values read stay in force until it answers", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while reading " + name(), e);
        }
        Map<String, String> properties = new TreeMap<>();
        for (KeyValue entry : response.getKvs()) {
            String key = entry.getKey().toString(StandardCharsets.UTF_8).substring(prefix.length());
            if (!key.isEmpty()) {
                properties.put(key, entry.getValue().toString(StandardCharsets.UTF_8).strip());
            }
        }
        revision = response.getHeader().getRevision();
        return properties;
    }

    /** The store's revision of the last snapshot read, or -1 before the first. */
    public long revision() {
        return revision;
    }

    /** {@link #revision()} as text, or null before the first read. */
    /** True: each snapshot is validated whole, and one that lost most of the keys in force waits to settle. */
    @Override
    public boolean isStore() {
        return true;
    }

    @Override
    public String snapshotRevision() {
        long r = revision;
        return r < 0 ? null : Long.toString(r);
    }

    @Override
    public void addChangeListener(Runnable listener) {
        changes.add(listener);
    }

    @Override
    public void removeChangeListener(Runnable listener) {
        changes.remove(listener);
    }

    @Override
    public void close() {
        closed = true;
        watcher.close();
        changes.close();
    }

    private void onWatchResponse(WatchResponse response) {
        if (!response.getEvents().isEmpty()) {
            changes.changed();
        }
    }
}
