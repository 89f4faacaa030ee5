package dev.firebreak.live;

import dev.firebreak.collapse.CollapserConfig;
import dev.firebreak.config.ConfigResolver;
import dev.firebreak.config.Reconfigurable;
import java.util.ArrayList;
import java.util.List;

/** Stands in for a collapser: holds a config, records each reconfigure, refuses fixed changes like a real one. */
final class FakeCollapser implements Reconfigurable<CollapserConfig> {

    private final String name;
    private volatile CollapserConfig config;
    final List<CollapserConfig> received = new ArrayList<>();
    ConfigResolver.Registration registration;

    private FakeCollapser(String name, CollapserConfig config) {
        this.name = name;
        this.config = config;
    }

    /** Created the way a collapser builder would: resolve the start config, then bind. */
    static FakeCollapser create(ConfigResolver resolver, String name, CollapserConfig code) {
        FakeCollapser collapser = new FakeCollapser(name, resolver.resolve(CollapserConfig.scope(), name, code));
        collapser.registration = resolver.bind(CollapserConfig.scope(), collapser, code);
        return collapser;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public CollapserConfig config() {
        return config;
    }

    @Override
    public boolean reconfigure(CollapserConfig next) {
        received.add(next);
        boolean fixedSame = next.metricsRollingStatsNumBuckets() == config.metricsRollingStatsNumBuckets();
        config = next;
        return fixedSame;
    }
}
