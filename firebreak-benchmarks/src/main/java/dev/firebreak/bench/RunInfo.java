package dev.firebreak.bench;

/**
 * How and where a run was made, stored next to JMH's JSON so the summary can be written again later.
 *
 * @param command        the command line that started it
 * @param quick          quick (smoke) mode
 * @param timing         forks, warmup and measurement per suite
 * @param startedAt      ISO-8601 start time
 * @param durationSeconds wall-clock length of the run
 * @param machine        the machine and JDK
 * @param loadBefore     load averages when it started
 * @param loadAfter      load averages when it ended
 */
public record RunInfo(String command, boolean quick, String timing, String startedAt, long durationSeconds,
        MachineInfo machine, LoadAverage loadBefore, LoadAverage loadAfter) {

    /**
     * True if the machine was busy when the run started: a 1-minute load average above half its cores
     * means other work competed with the benchmarks and the figures are noisy. (The load after the run
     * includes the benchmarks' own threads, so it cannot tell.)
     */
    public boolean noisy() {
        return loadBefore.one() > machine.cores() / 2.0;
    }
}
