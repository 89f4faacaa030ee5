package dev.firebreak.redis;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * A TCP proxy on a free loopback port in front of a server, for fault tests: it passes bytes through,
 * delays each chunk it forwards ({@link #delay}), or drops the link ({@link #drop}): connections open
 * then stay open but deliver nothing, as across a network partition, and new ones are closed at once;
 * {@link #heal} closes the held connections (their peers see the link reset) and passes new ones again.
 * Its threads are virtual; {@link #close()} stops them and closes every socket.
 */
final class LoopbackProxy implements AutoCloseable {

    private final ServerSocket listener;
    private final int targetPort;
    private final Set<Socket> open = ConcurrentHashMap.newKeySet();
    private volatile long delayMillis;
    private volatile boolean dropped;
    private volatile boolean closed;

    private LoopbackProxy(int targetPort) throws IOException {
        this.targetPort = targetPort;
        this.listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        Thread.ofVirtual().name("proxy-accept").start(this::acceptLoop);
    }

    /** A proxy in front of the server listening on 127.0.0.1:{@code targetPort}. */
    static LoopbackProxy to(int targetPort) throws IOException {
        return new LoopbackProxy(targetPort);
    }

    /** The proxy's port: connect here to reach the server through it. */
    int port() {
        return listener.getLocalPort();
    }

    /** Delays every chunk forwarded from now on, both ways, by {@code millis} (0: none). */
    void delay(long millis) {
        delayMillis = millis;
    }

    /** Drops the link: open connections deliver nothing more, new ones are closed at once. */
    void drop() {
        dropped = true;
    }

    /** Ends a {@link #drop}: the held connections are closed, new ones pass. */
    void heal() {
        dropped = false;
        closeAll();
    }

    @Override
    public void close() throws IOException {
        closed = true;
        listener.close();
        closeAll();
    }

    private void closeAll() {
        for (Socket socket : open) {
            closeQuietly(socket);
        }
        open.clear();
    }

    private void acceptLoop() {
        while (!closed) {
            try {
                Socket client = listener.accept();
                if (dropped) {
                    closeQuietly(client);
                    continue;
                }
                Socket server = new Socket();
                server.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), targetPort), 5_000);
                open.add(client);
                open.add(server);
                Thread.ofVirtual().name("proxy-up").start(() -> pump(client, server));
                Thread.ofVirtual().name("proxy-down").start(() -> pump(server, client));
            } catch (IOException e) {
                if (closed) {
                    return;
                }
            }
        }
    }

    /* Forwards from one socket to the other until either closes; a dropped link holds what it reads. */
    private void pump(Socket from, Socket to) {
        byte[] buffer = new byte[16 * 1024];
        try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
            int read;
            while ((read = in.read(buffer)) >= 0) {
                long delay = delayMillis;
                if (delay > 0) {
                    TimeUnit.MILLISECONDS.sleep(delay); // the network's delay, not a test waiting for time
                }
                while (dropped && !from.isClosed()) {
                    TimeUnit.MILLISECONDS.sleep(10); // held, as a partition holds packets
                }
                out.write(buffer, 0, read);
                out.flush();
            }
        } catch (IOException | InterruptedException e) {
            // a side closed: close both below
        } finally {
            closeQuietly(from);
            closeQuietly(to);
        }
    }

    private static void closeQuietly(Socket socket) {
        try {
            socket.close();
        } catch (IOException ignored) {
            // closing anyway
        }
    }
}
