package dev.firebreak.stream;

/**
 * A request the server refuses, with the HTTP status and a short plain-text reason (which never
 * echoes a secret back).
 */
final class BadRequest extends Exception {

    private static final long serialVersionUID = 1L;

    private final int status;

    BadRequest(int status, String reason) {
        super(reason, null, false, false);
        this.status = status;
    }

    int status() {
        return status;
    }
}
