package dev.firebreak.lab.service;

/** The downstream answered with an error status (for example the simulator's HTTP 503). */
public final class DownstreamException extends Exception {

    private final int status;

    /** A failure with the HTTP status the downstream answered. */
    public DownstreamException(int status, String message) {
        super("downstream answered HTTP " + status + ": " + message);
        this.status = status;
    }

    /** The HTTP status. */
    public int status() {
        return status;
    }
}
