package dev.firebreak.collapse;

/** Thrown inside the collapse package when a batch response does not fit its batch; becomes RESPONSE_MISMATCH. */
final class ResponseMismatch extends RuntimeException {

    ResponseMismatch(String message) {
        super(message, null, false, false);
    }
}
