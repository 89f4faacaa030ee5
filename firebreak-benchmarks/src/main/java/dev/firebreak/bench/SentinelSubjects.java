package dev.firebreak.bench;

import com.alibaba.csp.sentinel.Entry;
import com.alibaba.csp.sentinel.SphU;
import com.alibaba.csp.sentinel.Tracer;
import com.alibaba.csp.sentinel.slots.block.BlockException;
import com.alibaba.csp.sentinel.slots.block.RuleConstant;
import com.alibaba.csp.sentinel.slots.block.degrade.DegradeException;
import com.alibaba.csp.sentinel.slots.block.degrade.DegradeRule;
import com.alibaba.csp.sentinel.slots.block.degrade.DegradeRuleManager;
import com.alibaba.csp.sentinel.slots.block.flow.FlowRule;
import com.alibaba.csp.sentinel.slots.block.flow.FlowRuleManager;
import java.nio.file.Path;
import java.util.List;

/**
 * Sentinel 1.8 subjects: {@code SphU.entry} / {@code entry.exit()} around the body, on a resource
 * with a flow rule bounding concurrent threads to 10 (its bulkhead) and an exception-ratio degrade
 * rule (its circuit breaker); a {@link BlockException} gives the fallback. Sentinel's rules are
 * process-wide: one Sentinel subject per JVM (JMH forks one per trial).
 */
final class SentinelSubjects {

    static {
        // Sentinel writes its logs under ~/logs/csp unless told otherwise; keep them in the temp dir.
        if (System.getProperty("csp.sentinel.log.dir") == null) {
            System.setProperty("csp.sentinel.log.dir",
                    Path.of(System.getProperty("java.io.tmpdir"), "firebreak-bench-sentinel").toString());
        }
    }

    private SentinelSubjects() {
    }

    /** Entry and exit around the body, with a concurrency flow rule and a degrade rule in force. */
    static Subject success(Work work) throws Exception {
        String resource = "bench";
        FlowRule flow = new FlowRule(resource);
        flow.setGrade(RuleConstant.FLOW_GRADE_THREAD);
        flow.setCount(10);
        FlowRuleManager.loadRules(List.of(flow));
        DegradeRuleManager.loadRules(List.of(new DegradeRule(resource)
                .setGrade(RuleConstant.DEGRADE_GRADE_EXCEPTION_RATIO).setCount(0.5)
                .setMinRequestAmount(20).setStatIntervalMs(10_000).setTimeWindow(5)));
        return Subject.verified(guarded(resource, work), Work.VALUE, "sentinel");
    }

    /** A resource whose degrade rule has tripped (open for an hour): DegradeException, then the fallback. */
    static Subject shortCircuited() throws Exception {
        String resource = "bench-short-circuited";
        FlowRuleManager.loadRules(List.of());
        DegradeRuleManager.loadRules(List.of(new DegradeRule(resource)
                .setGrade(RuleConstant.DEGRADE_GRADE_EXCEPTION_COUNT).setCount(1)
                .setMinRequestAmount(1).setStatIntervalMs(60_000).setTimeWindow(3600)));
        trip(resource);
        return Subject.verified(guarded(resource, () -> Work.VALUE), Work.FALLBACK, "sentinel short-circuited");
    }

    /** A resource whose flow rule admits no concurrent thread: FlowException, then the fallback. */
    static Subject rejected() throws Exception {
        String resource = "bench-rejected";
        FlowRule flow = new FlowRule(resource);
        flow.setGrade(RuleConstant.FLOW_GRADE_THREAD);
        flow.setCount(0);
        FlowRuleManager.loadRules(List.of(flow));
        DegradeRuleManager.loadRules(List.of());
        return Subject.verified(guarded(resource, () -> Work.VALUE), Work.FALLBACK, "sentinel rejected");
    }

    private static Subject guarded(String resource, Work work) {
        return () -> {
            Entry entry;
            try {
                entry = SphU.entry(resource);
            } catch (BlockException blocked) {
                return Work.FALLBACK;
            }
            try {
                return work.run();
            } catch (RuntimeException failed) {
                Tracer.traceEntry(failed, entry);
                throw failed;
            } finally {
                entry.exit();
            }
        };
    }

    /** Fails calls on {@code resource} until its degrade rule opens (bounded). */
    private static void trip(String resource) {
        for (int attempt = 0; attempt < 1_000; attempt++) {
            Entry entry;
            try {
                entry = SphU.entry(resource);
            } catch (DegradeException open) {
                return;
            } catch (BlockException other) {
                throw new IllegalStateException("unexpected block while tripping " + resource, other);
            }
            Tracer.traceEntry(new IllegalStateException("tripping the degrade rule"), entry);
            entry.exit();
        }
        throw new IllegalStateException("the degrade rule of " + resource + " did not open");
    }
}
