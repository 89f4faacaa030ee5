package dev.firebreak.stream;

import com.sun.net.httpserver.Headers;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.util.function.BooleanSupplier;
import java.util.regex.Pattern;

/**
 * The request line and header fields of one request, read from a connection with a size limit and
 * checked before anything uses them.
 *
 * <p>Rules (each refusal is a {@link BadRequest} with its status): at most {@code maxBytes} bytes of
 * head in all, else 414 while still in the request line and 431 in the header fields; at most
 * {@value #MAX_FIELDS} header fields (431); a request line of {@code method SP origin-form-target SP
 * HTTP/d.d} (400); header fields {@code token ":" value} without line folding (400); a head cut short
 * by the client's half-close is 400, one cut short by the head timeout is 408. Lines end with CRLF or
 * a bare LF; empty lines before the request line are skipped (RFC 9112, 2.2).
 */
record RequestHead(String method, URI uri, String protocol, Headers headers) {

    static final int MAX_FIELDS = 100;

    private static final Pattern TOKEN = Pattern.compile("[!#$%&'*+\\-.^_`|~0-9A-Za-z]+");
    private static final Pattern VERSION = Pattern.compile("HTTP/\\d\\.\\d");

    /**
     * Reads one head from {@code in}.
     *
     * @param timedOut true once the head timeout has cut the connection's input short
     * @return the head, or null if the connection closed before its first byte
     * @throws BadRequest the status and reason to answer with
     * @throws IOException the connection failed (nothing can be answered)
     */
    static RequestHead read(InputStream in, int maxBytes, BooleanSupplier timedOut) throws IOException, BadRequest {
        LineReader lines = new LineReader(in, maxBytes, timedOut);
        String requestLine;
        do {
            requestLine = lines.next(414, "request line too long");
            if (requestLine == null) {
                return null;
            }
        } while (requestLine.isEmpty());
        String[] parts = requestLine.split(" ", -1);
        if (parts.length != 3 || !TOKEN.matcher(parts[0]).matches() || !parts[1].startsWith("/")
                || !VERSION.matcher(parts[2]).matches()) {
            throw new BadRequest(400, "malformed request line");
        }
        URI uri;
        try {
            uri = new URI(parts[1]);
        } catch (URISyntaxException malformed) {
            throw new BadRequest(400, "malformed request target");
        }
        Headers headers = new Headers();
        int fields = 0;
        for (String line = lines.next(431, "request header fields too large"); !line.isEmpty();
                line = lines.next(431, "request header fields too large")) {
            int colon = line.indexOf(':');
            if (colon <= 0 || !TOKEN.matcher(line.substring(0, colon)).matches()) {
                throw new BadRequest(400, "malformed header field");
            }
            if (++fields > MAX_FIELDS) {
                throw new BadRequest(431, "more than " + MAX_FIELDS + " header fields");
            }
            headers.add(line.substring(0, colon), line.substring(colon + 1).strip());
        }
        return new RequestHead(parts[0], uri, parts[2], headers);
    }

    /** Lines of ISO-8859-1 text, counted against one byte budget for the whole head. */
    private static final class LineReader {
        private final InputStream in;
        private final BooleanSupplier timedOut;
        private int budget;
        private boolean started;

        LineReader(InputStream in, int maxBytes, BooleanSupplier timedOut) {
            this.in = in;
            this.budget = maxBytes;
            this.timedOut = timedOut;
        }

        /** The next line without its end; null at a clean end before the head's first byte. */
        String next(int overStatus, String overReason) throws IOException, BadRequest {
            ByteArrayOutputStream line = new ByteArrayOutputStream();
            while (true) {
                int b = in.read();
                if (b < 0) {
                    if (timedOut.getAsBoolean()) {
                        throw new BadRequest(408, "the request head did not arrive in time");
                    }
                    if (!started) {
                        return null;
                    }
                    throw new BadRequest(400, "the request head ended early");
                }
                started = true;
                if (--budget < 0) {
                    throw new BadRequest(overStatus, overReason);
                }
                if (b == '\n') {
                    byte[] bytes = line.toByteArray();
                    int length = bytes.length > 0 && bytes[bytes.length - 1] == '\r' ? bytes.length - 1 : bytes.length;
                    return new String(bytes, 0, length, StandardCharsets.ISO_8859_1);
                }
                line.write(b);
            }
        }
    }
}
