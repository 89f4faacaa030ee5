package dev.firebreak.lab.cli;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The closed interval a numeric option must lie in, declared next to the option; {@link OptionParser}
 * refuses a value outside it (or not a number) naming the option, the value and the interval.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.FIELD)
public @interface Range {

    /** The smallest allowed value. */
    double min();

    /** The largest allowed value. */
    double max();
}
