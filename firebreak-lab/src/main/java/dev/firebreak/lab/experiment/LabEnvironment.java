package dev.firebreak.lab.experiment;

import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Clock;

/**
 * Where an experiment writes and what it may read about its surroundings.
 *
 * @param out the report (Markdown table) goes here
 * @param err the progress bar and diagnostics go here
 * @param progressInPlace redraw the progress bar in place (a terminal) rather than a line per step
 * @param resultsRoot the folder under which each run gets its own folder ({@code results/})
 * @param wallClock for the run folder's timestamp only; durations use the lab's ticker
 * @param command the command line as the user typed it, recorded with the results
 */
public record LabEnvironment(PrintStream out, PrintStream err, boolean progressInPlace, Path resultsRoot,
        Clock wallClock, String command) {
}
