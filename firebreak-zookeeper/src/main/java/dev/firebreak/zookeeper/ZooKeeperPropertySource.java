package dev.firebreak.zookeeper;

import dev.firebreak.live.PropertySource;
import dev.firebreak.live.PushedChanges;
import java.io.IOException;
import java.util.Map;
import java.util.Objects;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.state.ConnectionState;
import org.apache.curator.framework.state.ConnectionStateListener;
import org.apache.zookeeper.AddWatchMode;
import org.apache.zookeeper.WatchedEvent;
import org.apache.zookeeper.Watcher;

/**
 * The properties under one ZooKeeper node, one per child: the child's name is the key
 * ({@code firebreak.command.orders.execution.isolation.thread.timeoutInMilliseconds}), its data the
 * value, as UTF-8 text. Watched, not polled: a change anywhere under the node pushes a refresh to the
 * live configuration, which then reads every child again.
 *
 * <ul>
 *   <li><b>Whole changes</b>: each read is what the store held at one instant, so children changed
 *       together in one ZooKeeper transaction ({@code client.transaction()}) apply together or not at
 *       all; the live configuration then validates the snapshot whole and keeps the last valid values
 *       if any is refused.</li>
 *   <li><b>Outages</b>: while the connection is suspended or lost, a read fails with a message that
 *       says so; the live configuration keeps this source's last good properties and reports a
 *       {@code SOURCE_FAILED} event. On reconnection (after a session expiry too) the watch is set
 *       again and a refresh reads the store afresh, so nothing written meanwhile is missed.</li>
 *   <li><b>Revision</b>: {@link #revision()} is the highest modification zxid among the children of the
 *       last snapshot read.</li>
 * </ul>
 *
 * <p>The Curator client is the application's: this source neither starts nor closes it.
 * {@link #close()} removes the watch and the connection listener.
 */
public final class ZooKeeperPropertySource implements PropertySource, AutoCloseable {

    private final CuratorFramework client;
    private final String path;
    /** Refreshes run on its thread, never on ZooKeeper's event thread (a refresh reads the store synchronously). */
    private final PushedChanges changes;
    private final Watcher watcher = this::onWatchedEvent;
    private final ConnectionStateListener connectionListener = (c, state) -> onConnectionState(state);
    private volatile boolean connected;
    private volatile String lastDisconnection = "not connected yet";
    private volatile long revision = -1;
    private volatile boolean closed;

    private ZooKeeperPropertySource(CuratorFramework client, String path) {
        this.client = client;
        this.path = path;
        this.changes = new PushedChanges("firebreak-zookeeper " + path);
        client.getConnectionStateListenable().addListener(connectionListener);
        this.connected = client.getZookeeperClient().isConnected();
        if (connected) {
            watch();
        }
    }

    /**
     * A source over the children of {@code path}, read and watched through {@code client} (started by the
     * application; the source waits for its connection if it is not connected yet).
     *
     * @throws IllegalArgumentException if {@code path} is not an absolute ZooKeeper path
     */
    public static ZooKeeperPropertySource watching(CuratorFramework client, String path) {
        Objects.requireNonNull(client, "client");
        Objects.requireNonNull(path, "path");
        if (!path.startsWith("/") || path.length() > 1 && path.endsWith("/")) {
            throw new IllegalArgumentException("path: '" + path + "' is not an absolute ZooKeeper path"
                    + " (it must start with '/' and not end with one)");
        }
        return new ZooKeeperPropertySource(client, path);
    }

    @Override
    public String name() {
        return "zookeeper:" + client.getZookeeperClient().getCurrentConnectionString() + path;
    }

    @Override
    public Map<String, String> read() throws IOException {
        if (closed) {
            throw new IOException(name() + " is closed");
        }
        if (!connected) {
            throw new IOException(name() + " is unreachable (" + lastDisconnection
                    + "): the last values read stay in force until it reconnects");
        }
        ChildrenSnapshot snapshot = ChildrenSnapshot.read(client, path);
        revision = snapshot.revision();
        return snapshot.properties();
    }

    /** The highest modification zxid among the children of the last snapshot read, or -1 before the first. */
    public long revision() {
        return revision;
    }

    /** {@link #revision()} as ZooKeeper writes a zxid ({@code 0x1a2}), or null before the first read. */
    /** True: each snapshot is validated whole, and one that lost most of the keys in force waits to settle. */
    @Override
    public boolean isStore() {
        return true;
    }

    @Override
    public String snapshotRevision() {
        long r = revision;
        return r < 0 ? null : "0x" + Long.toHexString(r);
    }

    /** Whether the client is connected to the store now. */
    public boolean connected() {
        return connected;
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
        client.getConnectionStateListenable().removeListener(connectionListener);
        try {
            client.watchers().remove(watcher).ofType(Watcher.WatcherType.Any).locally().forPath(path);
        } catch (Exception alreadyGone) {
            // not set (never connected) or the client is closed: nothing to remove
        }
        changes.close();
    }

    private void watch() {
        try {
            client.watchers().add().withMode(AddWatchMode.PERSISTENT_RECURSIVE).usingWatcher(watcher).forPath(path);
        } catch (Exception lostAgain) {
            // the connection went again: the next reconnection sets it
        }
    }

    private void onWatchedEvent(WatchedEvent event) {
        if (event.getType() != Watcher.Event.EventType.None) {
            changes.changed();
        }
    }

    private void onConnectionState(ConnectionState state) {
        switch (state) {
            case CONNECTED, RECONNECTED -> {
                connected = true;
                watch(); // after a session expiry the server forgot it; setting it twice is harmless
                changes.changed(); // whatever changed while away
            }
            case SUSPENDED, LOST -> {
                lastDisconnection = "connection " + state.name().toLowerCase(java.util.Locale.ROOT);
                connected = false;
                changes.changed(); // the read fails: the outage is reported at once
            }
            default -> {
                // READ_ONLY: reads still serve
            }
        }
    }
}
