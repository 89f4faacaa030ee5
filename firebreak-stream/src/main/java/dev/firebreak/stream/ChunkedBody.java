package dev.firebreak.stream;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/**
 * A response body in HTTP/1.1 chunked coding: each write is one chunk; {@link #close()} writes the
 * last chunk and flushes, but leaves the connection to its exchange.
 */
final class ChunkedBody extends OutputStream {

    private static final byte[] CRLF = {'\r', '\n'};
    private static final byte[] LAST = "0\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1);

    private final OutputStream out;
    private boolean closed;

    ChunkedBody(OutputStream out) {
        this.out = out;
    }

    @Override
    public void write(int b) throws IOException {
        write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public void write(byte[] bytes, int offset, int length) throws IOException {
        if (closed) {
            throw new IOException("the response body is closed");
        }
        if (length == 0) {
            return; // an empty chunk would end the body
        }
        out.write((Integer.toHexString(length) + "\r\n").getBytes(StandardCharsets.ISO_8859_1));
        out.write(bytes, offset, length);
        out.write(CRLF);
    }

    @Override
    public void flush() throws IOException {
        out.flush();
    }

    @Override
    public void close() throws IOException {
        if (!closed) {
            closed = true;
            out.write(LAST);
            out.flush();
        }
    }
}
