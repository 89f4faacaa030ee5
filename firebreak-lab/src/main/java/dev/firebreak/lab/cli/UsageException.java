package dev.firebreak.lab.cli;

/** A command line the lab cannot run; the message says which argument, what value, and what is allowed. */
public final class UsageException extends Exception {

    /** A usage error with its explanation. */
    public UsageException(String message) {
        super(message);
    }
}
