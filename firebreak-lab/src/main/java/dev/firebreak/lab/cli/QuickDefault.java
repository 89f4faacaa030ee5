package dev.firebreak.lab.cli;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The default an option takes under {@code --quick} (the CI run), declared next to its full default;
 * the help text shows both.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.FIELD)
public @interface QuickDefault {

    /** The value, as it would be typed on the command line. */
    String value();
}
