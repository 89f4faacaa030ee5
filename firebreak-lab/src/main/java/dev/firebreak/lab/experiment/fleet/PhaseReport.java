package dev.firebreak.lab.experiment.fleet;

import java.nio.ByteBuffer;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;

/** One instance's figures for one phase, as its {@code report} line gives them. */
record PhaseReport(String phase, long offered, long admitted, long refused, long errors, long maxNanos, String mode,
        Histogram latency) {

    /** Reads a {@code report} line (see {@link QuotaInstance}). */
    static PhaseReport parse(String line) {
        String[] w = line.split(" ");
        Histogram latency;
        try {
            latency = Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(Base64.getDecoder().decode(w[8])), 0);
        } catch (java.util.zip.DataFormatException corrupt) {
            throw new IllegalStateException("a report's histogram does not decode: " + line, corrupt);
        }
        return new PhaseReport(w[1], Long.parseLong(w[2]), Long.parseLong(w[3]), Long.parseLong(w[4]), Long.parseLong(w[5]),
                Long.parseLong(w[6]), w[7], latency);
    }

    /** The fleet's row for one phase of {@code seconds}: the sums of its instances' reports. */
    static FleetRow row(String variant, List<PhaseReport> reports, int instances, double seconds, int quota) {
        Histogram all = new Histogram(TimeUnit.SECONDS.toNanos(10), 3);
        long offered = 0;
        long admitted = 0;
        long max = 0;
        for (PhaseReport report : reports) {
            all.add(report.latency());
            offered += report.offered();
            admitted += report.admitted();
            max = Math.max(max, report.maxNanos());
        }
        return FleetRow.quota(variant, reports.getFirst().phase(), instances, offered / seconds, admitted / seconds,
                quota, all.getValueAtPercentile(50) / 1e6, all.getValueAtPercentile(99) / 1e6, max / 1e6);
    }
}
