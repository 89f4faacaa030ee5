package dev.firebreak.stream;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;

/** Raw sockets for tests that need to misbehave: malformed requests, readers that never read, abrupt closes. */
final class RawHttp {

    private RawHttp() {
    }

    /** A connected socket (10 s read timeout) with {@code receiveBuffer} bytes of receive buffer (0: default). */
    static Socket connect(int port, int receiveBuffer) throws IOException {
        Socket socket = new Socket();
        if (receiveBuffer > 0) {
            socket.setReceiveBufferSize(receiveBuffer);
        }
        socket.setSoTimeout(10_000);
        socket.connect(new java.net.InetSocketAddress(InetAddress.getLoopbackAddress(), port), 10_000);
        return socket;
    }

    /** Sends {@code request} as is. */
    static void send(Socket socket, String request) throws IOException {
        socket.getOutputStream().write(request.getBytes(StandardCharsets.ISO_8859_1));
        socket.getOutputStream().flush();
    }

    /** Reads the response head (up to the blank line) or whatever comes before the server closes. */
    static String readHead(Socket socket) throws IOException {
        InputStream in = socket.getInputStream();
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        while (true) {
            int b = in.read();
            if (b < 0) {
                break;
            }
            head.write(b);
            String text = head.toString(StandardCharsets.ISO_8859_1);
            if (text.endsWith("\r\n\r\n")) {
                break;
            }
        }
        return head.toString(StandardCharsets.ISO_8859_1);
    }

    /** Reads until the server closes the connection; true if it did within the socket's timeout. */
    static boolean readsToEnd(Socket socket) throws IOException {
        byte[] buffer = new byte[64 * 1024];
        try {
            while (true) {
                int n = socket.getInputStream().read(buffer);
                if (n < 0) {
                    return true;
                }
            }
        } catch (SocketTimeoutException stillOpen) {
            return false;
        } catch (IOException reset) {
            return true; // connection reset by the server counts as closed
        }
    }

    /** One request on a fresh connection; the response head. */
    static String exchange(int port, String request) throws IOException {
        try (Socket socket = connect(port, 0)) {
            send(socket, request);
            return readHead(socket);
        }
    }
}
