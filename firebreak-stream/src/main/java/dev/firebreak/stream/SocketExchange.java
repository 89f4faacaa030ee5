package dev.firebreak.stream;

import com.sun.net.httpserver.Headers;
import com.sun.net.httpserver.HttpContext;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpPrincipal;
import java.io.BufferedOutputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One request and its response on a connection of {@link HttpListener}, behind the JDK's
 * {@link HttpExchange} so that the router and handlers do not depend on which server read it.
 *
 * <p>One request per connection: every response says {@code Connection: close}, and {@link #close()}
 * closes the socket. A length of 0 in {@link #sendResponseHeaders} streams the body (chunked under
 * HTTP/1.1, ended by the close under HTTP/1.0); -1 means no body. Requests carry no body (the router
 * refuses one), so {@link #getRequestBody()} is empty. Only the thread serving the connection uses an
 * exchange, except {@link #watchPeer}'s reader.
 */
final class SocketExchange extends HttpExchange {

    private final Socket socket;
    private final InputStream in;
    private final OutputStream out;
    private final RequestHead head;
    private final Headers responseHeaders = new Headers();
    private final Map<String, Object> attributes = new ConcurrentHashMap<>();
    private OutputStream body;
    private int status = -1;
    private boolean closed;

    SocketExchange(Socket socket, InputStream in, RequestHead head) throws IOException {
        this.socket = socket;
        this.in = in;
        this.out = new BufferedOutputStream(socket.getOutputStream(), 8192);
        this.head = head;
    }

    /** An exchange for answering a request whose head was refused: a GET of {@code /} over HTTP/1.1. */
    static SocketExchange refusal(Socket socket, InputStream in) throws IOException {
        return new SocketExchange(socket, in, new RequestHead("GET", URI.create("/"), "HTTP/1.1", new Headers()));
    }

    /**
     * Reads the connection on a virtual thread of its own until the peer closes it, fails, or sends
     * anything more (discarded), then runs {@code gone}: so a client that vanishes is noticed at once,
     * not at the next write. Also runs {@code gone} when this side closes the socket.
     */
    void watchPeer(Runnable gone) {
        Thread.ofVirtual().name("firebreak-stream-peer").start(() -> {
            byte[] discard = new byte[1024];
            try {
                while (in.read(discard) >= 0) {
                    // a stream client has nothing more to say: whatever it sends is ignored
                }
            } catch (IOException closed) {
                // reset, or this side closed the socket
            } finally {
                gone.run();
            }
        });
    }

    @Override
    public Headers getRequestHeaders() {
        return head.headers();
    }

    @Override
    public Headers getResponseHeaders() {
        return responseHeaders;
    }

    @Override
    public URI getRequestURI() {
        return head.uri();
    }

    @Override
    public String getRequestMethod() {
        return head.method();
    }

    @Override
    public HttpContext getHttpContext() {
        return null; // no contexts: one handler serves every path
    }

    @Override
    public String getProtocol() {
        return head.protocol();
    }

    @Override
    public InputStream getRequestBody() {
        return InputStream.nullInputStream();
    }

    @Override
    public OutputStream getResponseBody() {
        if (body == null) {
            throw new IllegalStateException("sendResponseHeaders must come first");
        }
        return body;
    }

    @Override
    public void sendResponseHeaders(int code, long length) throws IOException {
        if (status >= 0) {
            throw new IOException("the response headers were already sent");
        }
        status = code;
        boolean streamed = length == 0 && !"HEAD".equals(head.method());
        boolean chunked = streamed && head.protocol().equals("HTTP/1.1");
        responseHeaders.set("Connection", "close");
        if (chunked) {
            responseHeaders.set("Transfer-Encoding", "chunked");
        } else if (length > 0) {
            responseHeaders.set("Content-Length", Long.toString(length));
        } else if (!streamed && !"HEAD".equals(head.method())) {
            responseHeaders.set("Content-Length", "0");
        }
        StringBuilder text = new StringBuilder("HTTP/1.1 ").append(code).append(' ').append(reason(code)).append("\r\n");
        for (Map.Entry<String, List<String>> field : responseHeaders.entrySet()) {
            for (String value : field.getValue()) {
                text.append(field.getKey()).append(": ").append(value).append("\r\n");
            }
        }
        out.write(text.append("\r\n").toString().getBytes(StandardCharsets.ISO_8859_1));
        body = chunked ? new ChunkedBody(out) : new FilterOutputStream(out) {
            @Override
            public void write(byte[] bytes, int offset, int count) throws IOException {
                out.write(bytes, offset, count);
            }

            @Override
            public void close() throws IOException {
                flush(); // the connection itself is closed by the exchange
            }
        };
    }

    /**
     * Ends the response (the last chunk, unless this thread is interrupted, as a dropped client's is)
     * and closes the connection. Idempotent; never throws.
     */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            if (body != null && !Thread.currentThread().isInterrupted()) {
                body.close();
            }
        } catch (IOException gone) {
            // the client left: nothing more to send
        } finally {
            try {
                socket.close();
            } catch (IOException ignored) {
                // already closed
            }
        }
    }

    @Override
    public InetSocketAddress getRemoteAddress() {
        return (InetSocketAddress) socket.getRemoteSocketAddress();
    }

    @Override
    public int getResponseCode() {
        return status;
    }

    @Override
    public InetSocketAddress getLocalAddress() {
        return (InetSocketAddress) socket.getLocalSocketAddress();
    }

    @Override
    public Object getAttribute(String name) {
        return attributes.get(name);
    }

    @Override
    public void setAttribute(String name, Object value) {
        if (value == null) {
            attributes.remove(name);
        } else {
            attributes.put(name, value);
        }
    }

    @Override
    public void setStreams(InputStream input, OutputStream output) {
        throw new UnsupportedOperationException("filters are not used");
    }

    @Override
    public HttpPrincipal getPrincipal() {
        return null;
    }

    private static String reason(int code) {
        return switch (code) {
            case 200 -> "OK";
            case 301 -> "Moved Permanently";
            case 304 -> "Not Modified";
            case 400 -> "Bad Request";
            case 401 -> "Unauthorized";
            case 403 -> "Forbidden";
            case 404 -> "Not Found";
            case 405 -> "Method Not Allowed";
            case 408 -> "Request Timeout";
            case 414 -> "URI Too Long";
            case 431 -> "Request Header Fields Too Large";
            case 500 -> "Internal Server Error";
            case 503 -> "Service Unavailable";
            case 505 -> "HTTP Version Not Supported";
            default -> "Status " + code;
        };
    }
}
