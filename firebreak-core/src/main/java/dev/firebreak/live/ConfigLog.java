package dev.firebreak.live;

import java.lang.System.Logger;

/**
 * The live configuration's log ({@code System.Logger} named after {@link DynamicConfiguration}), obtained
 * at its first message rather than when the configuration's classes are loaded: the JDK looks its
 * logger finder up through the service loader over the whole classpath on the first
 * {@code System.getLogger}, work an application that logs nothing from here (no refused value, no failed
 * refresh) need not pay for at startup.
 */
final class ConfigLog {

    private ConfigLog() {
    }

    /** The logger, created on the first call (class-holder idiom: the JVM's class initialisation makes it once). */
    static Logger logger() {
        return Holder.LOG;
    }

    private static final class Holder {
        static final Logger LOG = System.getLogger(DynamicConfiguration.class.getName());
    }
}
