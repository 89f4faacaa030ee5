package dev.firebreak.lab.experiment.fleet;

import com.alibaba.csp.sentinel.Entry;
import com.alibaba.csp.sentinel.SphU;
import com.alibaba.csp.sentinel.cluster.ClusterStateManager;
import com.alibaba.csp.sentinel.cluster.client.ClientConstants;
import com.alibaba.csp.sentinel.cluster.client.TokenClientProvider;
import com.alibaba.csp.sentinel.cluster.client.config.ClusterClientAssignConfig;
import com.alibaba.csp.sentinel.cluster.client.config.ClusterClientConfigManager;
import com.alibaba.csp.sentinel.cluster.flow.rule.ClusterFlowRuleManager;
import com.alibaba.csp.sentinel.cluster.server.config.ClusterServerConfigManager;
import com.alibaba.csp.sentinel.cluster.server.config.ServerTransportConfig;
import com.alibaba.csp.sentinel.slots.block.BlockException;
import com.alibaba.csp.sentinel.slots.block.ClusterRuleConstant;
import com.alibaba.csp.sentinel.slots.block.RuleConstant;
import com.alibaba.csp.sentinel.slots.block.flow.ClusterFlowConfig;
import com.alibaba.csp.sentinel.slots.block.flow.FlowRule;
import com.alibaba.csp.sentinel.slots.block.flow.FlowRuleManager;
import dev.firebreak.time.Ticker;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * The {@code sentinel} variant, the peer: Sentinel's cluster flow control with a global threshold of the
 * quota, its token server embedded in instance 0 (which also serves calls) and every other instance a
 * token client asking it once per call. Sentinel's defaults otherwise: a request timeout of 20 ms, and
 * on a failed token request the instance falls back to the rule checked locally.
 */
final class SentinelGate implements QuotaGate {

    /** The namespace the token server serves: the application name each child JVM is started with. */
    static final String NAMESPACE = "firebreak-fleet-lab";
    private static final String RESOURCE = "partner";

    private final boolean server;

    private SentinelGate(boolean server) {
        this.server = server;
    }

    /** Starts the embedded token server on {@code port} (instance 0) or a client of it (the others). */
    static SentinelGate start(boolean server, int port, int quota) throws InterruptedException {
        if (!NAMESPACE.equals(System.getProperty("project.name"))) {
            throw new IllegalStateException("project.name must be " + NAMESPACE + " (the token server's namespace)");
        }
        FlowRule rule = new FlowRule(RESOURCE);
        rule.setGrade(RuleConstant.FLOW_GRADE_QPS);
        rule.setCount(quota);
        rule.setClusterMode(true);
        ClusterFlowConfig cluster = new ClusterFlowConfig();
        cluster.setFlowId(1L);
        cluster.setThresholdType(ClusterRuleConstant.FLOW_THRESHOLD_GLOBAL);
        cluster.setFallbackToLocalWhenFail(true);
        rule.setClusterConfig(cluster);
        if (server) {
            ClusterServerConfigManager.loadGlobalTransportConfig(new ServerTransportConfig().setIdleSeconds(600).setPort(port));
            ClusterServerConfigManager.loadServerNamespaceSet(Set.of(NAMESPACE));
            ClusterFlowRuleManager.loadRules(NAMESPACE, List.of(rule));
            FlowRuleManager.loadRules(List.of(rule));
            ClusterStateManager.applyState(ClusterStateManager.CLUSTER_SERVER);
        } else {
            ClusterClientConfigManager.applyNewAssignConfig(new ClusterClientAssignConfig("127.0.0.1", port));
            FlowRuleManager.loadRules(List.of(rule));
            ClusterStateManager.applyState(ClusterStateManager.CLUSTER_CLIENT);
            long deadline = Ticker.system().read() + TimeUnit.SECONDS.toNanos(30);
            while (TokenClientProvider.getClient() == null
                    || TokenClientProvider.getClient().getState() != ClientConstants.CLIENT_STATUS_STARTED) {
                if (Ticker.system().read() > deadline) {
                    throw new IllegalStateException("the Sentinel token client did not connect to 127.0.0.1:" + port);
                }
                Thread.sleep(20); // another process's server accepting us; nothing can tell us sooner
            }
        }
        return new SentinelGate(server);
    }

    @Override
    public Outcome call() {
        Entry entry = null;
        try {
            entry = SphU.entry(RESOURCE);
            return Outcome.ADMITTED;
        } catch (BlockException refused) {
            return Outcome.REFUSED;
        } catch (RuntimeException failed) {
            return Outcome.ERROR;
        } finally {
            if (entry != null) {
                entry.exit();
            }
        }
    }

    @Override
    public String mode() {
        return server ? "TOKEN_SERVER" : "TOKEN_CLIENT";
    }

    @Override
    public void close() {
        ClusterStateManager.applyState(ClusterStateManager.CLUSTER_NOT_STARTED);
    }
}
