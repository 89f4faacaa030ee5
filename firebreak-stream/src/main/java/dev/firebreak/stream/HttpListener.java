package dev.firebreak.stream;

import com.sun.net.httpserver.HttpHandler;
import dev.firebreak.time.Cancellable;
import dev.firebreak.time.Scheduler;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The server's own HTTP/1.x front end: accepts connections and reads each request head itself, so that
 * no connection can hold a thread and a descriptor by sending its head slowly or never.
 *
 * <p>Each connection is served by one thread of {@code threads} (virtual threads): it reads the head
 * ({@link RequestHead}: size limit, 414/431/400), hands one {@link SocketExchange} to the handler and
 * closes the connection when the handler returns. The head timeout runs on the registry's
 * {@link Scheduler}: its task only marks the connection timed out and shuts its input down (a system
 * call that never blocks), which ends the blocked read; the connection's own thread then answers 408
 * and closes. The timer is cancelled as soon as the head is read.
 *
 * <p>Invariant: every accepted socket is in {@code open} until its thread closes it; {@link #close()}
 * closes the listening socket first, then every socket in {@code open}, so no connection outlives it.
 */
final class HttpListener implements AutoCloseable {

    private static final long MAX_DRAIN_BYTES = 4L * 1024 * 1024;

    private final HttpHandler handler;
    private final Scheduler scheduler;
    private final ExecutorService threads;
    private final long headTimeoutNanos;
    private final int maxHeadBytes;
    private final Set<Socket> open = ConcurrentHashMap.newKeySet();
    private final ServerSocket server;
    private volatile boolean closed;

    /** Binds {@code address}; {@link #start()} begins accepting. */
    HttpListener(InetSocketAddress address, HttpHandler handler, Scheduler scheduler, ExecutorService threads,
            long headTimeoutNanos, int maxHeadBytes) throws IOException {
        this.handler = handler;
        this.scheduler = scheduler;
        this.threads = threads;
        this.headTimeoutNanos = headTimeoutNanos;
        this.maxHeadBytes = maxHeadBytes;
        this.server = new ServerSocket();
        try {
            server.bind(address, 64);
        } catch (IOException e) {
            server.close();
            throw e;
        }
    }

    void start() {
        threads.execute(this::acceptLoop);
    }

    /** The port bound. */
    int port() {
        return server.getLocalPort();
    }

    /** Connections accepted and not yet closed (stream clients, requests being read or answered). */
    int openSockets() {
        return open.size();
    }

    private void acceptLoop() {
        while (!closed) {
            Socket socket;
            try {
                socket = server.accept();
            } catch (IOException stopped) {
                if (closed) {
                    return;
                }
                continue; // a failed accept (the peer reset first, say) ends only that connection
            }
            open.add(socket);
            if (closed) {
                closeQuietly(socket);
                return;
            }
            try {
                threads.execute(() -> serve(socket));
            } catch (RuntimeException shuttingDown) {
                closeQuietly(socket);
            }
        }
    }

    private void serve(Socket socket) {
        try {
            socket.setTcpNoDelay(true);
            InputStream in = new BufferedInputStream(socket.getInputStream(), 4096);
            RequestHead head = readHead(socket, in);
            if (head != null) {
                SocketExchange exchange = new SocketExchange(socket, in, head);
                try {
                    handler.handle(exchange);
                } finally {
                    exchange.close();
                }
            }
        } catch (IOException | RuntimeException gone) {
            // the connection failed or the handler broke: nothing more can be sent on it
        } finally {
            closeQuietly(socket);
        }
    }

    /** The head, null if the client left first; a refused head is answered here. */
    private RequestHead readHead(Socket socket, InputStream in) throws IOException {
        HeadDeadline deadline = new HeadDeadline(socket);
        Cancellable timer = scheduler.schedule(headTimeoutNanos, deadline::expire);
        try {
            RequestHead head = RequestHead.read(in, maxHeadBytes, deadline::expired);
            if (head != null && !deadline.finish()) {
                throw new BadRequest(408, "the request head did not arrive in time");
            }
            return head;
        } catch (BadRequest refused) {
            answerAndDrain(socket, in, refused);
            return null;
        } finally {
            timer.cancel();
        }
    }

    /**
     * Answers a refused head, then reads and discards what the client is still sending (at most
     * {@value #MAX_DRAIN_BYTES} bytes, and no longer than the head timeout, which is still armed): a
     * socket closed with unread input sends a reset, which would destroy the answer before the client
     * reads it.
     */
    private static void answerAndDrain(Socket socket, InputStream in, BadRequest refused) throws IOException {
        SocketExchange answer = SocketExchange.refusal(socket, in);
        Responses.text(answer, refused.status(), refused.getMessage(), false);
        socket.shutdownOutput();
        byte[] discard = new byte[8192];
        long drained = 0;
        for (int n; drained < MAX_DRAIN_BYTES && (n = in.read(discard)) >= 0; ) {
            drained += n;
        }
    }

    /**
     * The race between a head being read and its timeout, decided by one CAS: {@link #expire()} (the
     * scheduler's task) shuts the input down only if the head is still being read; {@link #finish()}
     * (the connection's thread) wins only if the timeout has not fired.
     */
    private static final class HeadDeadline {
        private static final int READING = 0;
        private static final int DONE = 1;
        private static final int EXPIRED = 2;

        private final Socket socket;
        private final AtomicInteger state = new AtomicInteger(READING);

        HeadDeadline(Socket socket) {
            this.socket = socket;
        }

        void expire() {
            if (state.compareAndSet(READING, EXPIRED)) {
                try {
                    socket.shutdownInput(); // ends the blocked read; the connection's thread answers 408
                } catch (IOException alreadyClosed) {
                    // the connection ended on its own
                }
            }
        }

        boolean expired() {
            return state.get() == EXPIRED;
        }

        /** True if the head was read in time (the timeout can no longer fire). */
        boolean finish() {
            return state.compareAndSet(READING, DONE);
        }
    }

    /** Stops accepting and closes every connection. Idempotent. */
    @Override
    public void close() {
        closed = true;
        try {
            server.close();
        } catch (IOException ignored) {
            // already closed
        }
        for (Socket socket : open) {
            closeQuietly(socket);
        }
    }

    private void closeQuietly(Socket socket) {
        try {
            socket.close();
        } catch (IOException ignored) {
            // already closed
        } finally {
            open.remove(socket);
        }
    }
}
