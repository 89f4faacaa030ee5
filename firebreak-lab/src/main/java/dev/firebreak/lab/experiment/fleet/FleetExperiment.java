package dev.firebreak.lab.experiment.fleet;

import dev.firebreak.lab.experiment.LabReport;
import dev.firebreak.lab.experiment.RunContext;
import dev.firebreak.lab.experiment.RunRecord;
import dev.firebreak.lab.experiment.TemplateExperiment;
import dev.firebreak.lab.report.Table;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The fleet (issue 37): instances in JVMs of their own on loopback, beside real servers. Part one,
 * propagation: one change written to ZooKeeper or etcd, the time until every instance applied it. Part
 * two, quota: a quota shared by the fleet under more load than it allows, while an instance joins, one
 * leaves, and (for the shared limiter) Redis is killed and restarted; against a limiter per instance
 * and Sentinel's cluster flow control.
 */
public final class FleetExperiment extends TemplateExperiment<FleetSettings, FleetRow> {

    /** gRPC (jetcd's transport) logs its set-up at INFO through java.util.logging; held so the level stays. */
    private static final java.util.logging.Logger GRPC = java.util.logging.Logger.getLogger("io.grpc");

    private final List<String> modes = new ArrayList<>();

    /** The experiment, as {@code ./firebreak lab fleet} runs it. */
    public FleetExperiment() {
        super("fleet", "a fleet of JVMs: configuration through ZooKeeper and etcd, a quota on Redis against Sentinel (issue 37)",
                "usage: ./firebreak lab fleet [--quick] [--sizes N,N] [--repeats K] [--quota RPS] [--offered RPS] [--csv FILE] [--out DIR]");
    }

    /** Why the experiment cannot run here (a server package missing), or empty. */
    public static Optional<String> missingServers() {
        return Stream.of(StoreServer.Kind.values()).map(StoreServer.Kind::missing).flatMap(Optional::stream)
                .reduce((a, b) -> a + "; " + b);
    }

    @Override
    protected FleetSettings newOptions() {
        return new FleetSettings();
    }

    @Override
    protected long plannedNanos(FleetSettings settings) {
        long total = 0;
        for (int size : settings.sizes()) {
            total += 2 * propagationNanos(settings, size); // both stores
        }
        for (String variant : QuotaPart.VARIANTS) {
            total += quotaNanos(settings, variant);
        }
        return total;
    }

    /** One store and fleet size: about 2 s to start each instance, 150 ms a write. */
    private static long propagationNanos(FleetSettings settings, int size) {
        return 2_000_000_000L * size + settings.repeats() * 150_000_000L;
    }

    /** One quota variant: its warm-up, about 3 s of starts, and its phases (five for the shared limit, three otherwise). */
    private static long quotaNanos(FleetSettings settings, String variant) {
        int phases = variant.equals("shared") ? 5 : 3;
        return settings.warmup().toNanos() + 3_000_000_000L + phases * settings.phase().toNanos();
    }

    @Override
    protected List<FleetRow> runs(FleetSettings settings, RunContext context) throws Exception {
        Optional<String> missing = missingServers();
        if (missing.isPresent()) {
            throw new IllegalStateException("the fleet experiment runs real servers: " + missing.get());
        }
        GRPC.setLevel(java.util.logging.Level.WARNING); // the console is the lab's table and progress
        Path scratch = Files.createTempDirectory("firebreak-fleet-");
        List<FleetRow> rows = new ArrayList<>();
        boolean done = false;
        try {
            for (StoreServer.Kind store : List.of(StoreServer.Kind.ZOOKEEPER, StoreServer.Kind.ETCD)) {
                try (StoreServer server = StoreServer.start(store, scratch.resolve(store.label()))) {
                    for (int size : settings.sizes()) {
                        context.progress().step("propagation, " + store.label() + ", " + size + " instances",
                                propagationNanos(settings, size));
                        rows.add(PropagationPart.run(store, server, size, settings.repeats(), scratch));
                    }
                }
            }
            QuotaPart quota = new QuotaPart(settings.quota(), settings.offered(), settings.phase(), settings.warmup(), scratch);
            for (String variant : QuotaPart.VARIANTS) {
                context.progress().step("quota, " + variant, quotaNanos(settings, variant));
                if (variant.equals("shared")) {
                    try (StoreServer redis = StoreServer.start(StoreServer.Kind.REDIS, scratch.resolve(StoreServer.Kind.REDIS.label()))) {
                        rows.addAll(quota.run(variant, redis));
                    }
                } else {
                    rows.addAll(quota.run(variant, null));
                }
            }
            modes.clear();
            modes.addAll(quota.modes());
            done = true;
        } finally {
            if (done) {
                delete(scratch);
            } else {
                System.err.println("fleet: the instances' and servers' logs are kept in " + scratch);
            }
        }
        return rows;
    }

    @Override
    protected LabReport report(FleetSettings settings, List<FleetRow> rows, RunRecord record) {
        Table table = new Table(FleetRow.HEADER);
        rows.forEach(row -> table.add(row.cells()));
        List<String> goals = FleetGoals.lines(rows, settings.sizes().getLast());
        return LabReport.withChart(table, table.toMarkdown() + "\n" + String.join("\n", goals),
                FleetReport.markdown(record, table, rows, goals, modes, settings), FleetReport.chart(rows, settings.quota()));
    }

    private static void delete(Path root) throws IOException {
        try (Stream<Path> paths = Files.walk(root)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        }
    }
}
