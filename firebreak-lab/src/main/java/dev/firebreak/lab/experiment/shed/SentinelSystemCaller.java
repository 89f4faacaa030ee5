package dev.firebreak.lab.experiment.shed;

import com.alibaba.csp.sentinel.AsyncEntry;
import com.alibaba.csp.sentinel.EntryType;
import com.alibaba.csp.sentinel.SphU;
import com.alibaba.csp.sentinel.slots.block.BlockException;
import com.alibaba.csp.sentinel.slots.system.SystemRule;
import com.alibaba.csp.sentinel.slots.system.SystemRuleManager;
import dev.firebreak.context.Criticality;
import dev.firebreak.lab.experiment.overload.HttpCalls;
import dev.firebreak.lab.experiment.overload.OverloadCaller;
import dev.firebreak.lab.experiment.overload.Outcome;
import dev.firebreak.lab.experiment.overload.VariantContext;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * Sentinel 1.8.9's system rule protecting inbound entries: every call is an asynchronous
 * {@link EntryType#IN} entry, and one {@link SystemRule} guards them all with its one threshold that can
 * see this downstream, {@code maxThread}: the inbound entries in flight, set to seed 003's Little's-law
 * size (Sentinel refuses when more than {@code maxThread} are in flight before the entry, so the rule
 * says size - 1 to admit at most size). Its adaptive check (BBR) applies only while the machine's load
 * average or CPU usage exceeds the rule's, which a loopback downstream of fixed capacity does not move
 * and other builds on a shared machine do; forced on (a load threshold of 0) it refused 80 % at half the
 * capacity in a trial run, as its estimate (the highest successful rate x the lowest response time) is the
 * load itself below capacity. Sentinel's system rule has no priorities: the level is sent (header,
 * scope) but not used.
 *
 * <p>Sentinel's rules and statistics are the process's: one caller at a time (the lab runs the variants
 * one after the other); closing it removes the rule. Its logs go to a temporary folder.
 */
final class SentinelSystemCaller implements OverloadCaller {

    private static final String RESOURCE = "shed-downstream";

    private final HttpCalls http;
    private final int maxThread;

    SentinelSystemCaller(VariantContext context) {
        logsOutsideHome();
        this.http = new HttpCalls(context.uri(), context.timeout());
        this.maxThread = context.sizing().coreSize();
        SystemRule rule = new SystemRule();
        rule.setMaxThread(maxThread - 1L);
        SystemRuleManager.loadRules(List.of(rule));
    }

    private static synchronized void logsOutsideHome() {
        if (System.getProperty("csp.sentinel.log.dir") == null) {
            try {
                Path dir = Files.createTempDirectory("firebreak-lab-sentinel-logs");
                System.setProperty("csp.sentinel.log.dir", dir.toString());
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException("no temporary folder for Sentinel's logs", e);
            }
        }
    }

    @Override
    public CompletableFuture<Outcome> call() {
        return call(Criticality.DEFAULT);
    }

    @Override
    public CompletableFuture<Outcome> call(Criticality level) {
        try (Criticality.Scope scope = level.open()) {
            AsyncEntry entry;
            try {
                entry = SphU.asyncEntry(RESOURCE, EntryType.IN);
            } catch (BlockException refused) {
                return CompletableFuture.completedFuture(Outcome.REJECTED);
            }
            return http.sendAsync(level).handle((status, failure) -> {
                entry.exit();
                return failure == null ? Outcome.OK : Outcome.FAILED;
            });
        }
    }

    /** The entries admitted at once. */
    @Override
    public double limit() {
        return maxThread;
    }

    @Override
    public void close() {
        http.close();
        SystemRuleManager.loadRules(List.of());
    }
}
