package dev.firebreak.samples.netflix;

/** A user that does not exist: the caller's mistake, not a failure of the downstream. */
public class UserNotFoundException extends Exception {

    private static final long serialVersionUID = 1L;

    /** For the user {@code id}. */
    public UserNotFoundException(String id) {
        super("no user " + id);
    }
}
