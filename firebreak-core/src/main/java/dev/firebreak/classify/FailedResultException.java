package dev.firebreak.classify;

/**
 * The cause of a FAILURE whose call returned a value its guard's {@link Classifier} counts as a failure
 * (for example an HTTP 5xx response). The fallback sees it as its failure's cause and can read the
 * value. Made without a stack trace: it marks a verdict, not a place in the code.
 */
public final class FailedResultException extends RuntimeException {

    private final transient Object result;

    /** The verdict on {@code result}. */
    public FailedResultException(Object result) {
        super("a returned " + (result == null ? "null" : result.getClass().getName())
                + " was classified as a failure", null, false, false);
        this.result = result;
    }

    /** The value the call returned. */
    public Object result() {
        return result;
    }
}
