package dev.firebreak.lab.experiment;

import dev.firebreak.lab.load.LoadDriver;
import dev.firebreak.lab.report.ProgressBar;
import dev.firebreak.time.Scheduler;
import dev.firebreak.time.Ticker;

/**
 * What the run template hands an experiment's runs: the lab's clock, its timer, an open-loop and
 * closed-loop load driver on them, and the progress bar (one {@link ProgressBar#step} per run).
 *
 * @param ticker the lab's ticker (durations, intended starts)
 * @param timer the driver's and the progress bar's timer
 * @param driver the load driver
 * @param progress the progress bar on stderr
 */
public record RunContext(Ticker ticker, Scheduler timer, LoadDriver driver, ProgressBar progress) {
}
