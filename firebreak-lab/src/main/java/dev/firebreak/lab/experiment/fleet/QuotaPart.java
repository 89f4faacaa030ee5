package dev.firebreak.lab.experiment.fleet;

import dev.firebreak.time.Ticker;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Part two: a quota shared by the fleet under more load than it allows. Three instances, a
 * load balancer's even split of the offered rate; then a fourth joins (the split becomes four ways), then
 * one of the first three leaves (a rolling restart's shape); for the shared limiter, Redis is then killed
 * and restarted. Each phase's figures are the fleet's sums over the phase, counted by the instances
 * between two phase commands.
 */
final class QuotaPart {

    /** The variants as the CSV names them. */
    static final List<String> VARIANTS = List.of("local", "shared", "sentinel");

    private final int quota;
    private final double offered;
    private final Duration phase;
    private final Duration warmup;
    private final Path scratch;
    private final List<String> modes = new ArrayList<>();

    QuotaPart(int quota, double offered, Duration phase, Duration warmup, Path scratch) {
        this.quota = quota;
        this.offered = offered;
        this.phase = phase;
        this.warmup = warmup;
        this.scratch = scratch;
    }

    /** The limiter modes the instances reported at each phase's end ("variant phase: modes"), for the report. */
    List<String> modes() {
        return List.copyOf(modes);
    }

    /** Runs one variant's phases; {@code redis} is the shared variant's server (killed and restarted here). */
    List<FleetRow> run(String variant, StoreServer redis) throws Exception {
        int sentinelPort = freePort();
        List<FleetRow> rows = new ArrayList<>();
        try (Fleet fleet = new Fleet(scratch.resolve("quota-" + variant), false)) {
            Map<String, InstanceProcess> live = new LinkedHashMap<>();
            List<InstanceProcess> starting = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                InstanceProcess member = fleet.start(variant + "-" + i, "quota",
                        settings(variant, i, 3, redis, sentinelPort, "warmup"));
                live.put(member.name(), member);
                if (i == 0 && variant.equals("sentinel")) {
                    member.expect("ready", 120); // the token server before its clients
                } else {
                    starting.add(member);
                }
            }
            for (InstanceProcess member : starting) {
                member.expect("ready", 120);
            }
            rate(live);
            Thread.sleep(warmup.toMillis());

            long began = next(live, "steady", null, variant, rows, 3);
            Thread.sleep(phase.toMillis());

            began = next(live, "join", began, variant, rows, 3);
            InstanceProcess joining = fleet.start(variant + "-3", "quota", settings(variant, 3, 4, redis, sentinelPort, "join"));
            joining.expect("ready", 120);
            live.put(joining.name(), joining);
            rate(live);
            sleepUntil(began + phase.toNanos());

            InstanceProcess leaving = live.remove(variant + "-1");
            leaving.send("exit");
            PhaseReport left = PhaseReport.parse(leaving.expect("report ", 30));
            began = next(live, "leave", began, variant, rows, 4, left);
            rate(live);
            sleepUntil(began + phase.toNanos());

            if (variant.equals("shared")) {
                began = next(live, "redis-down", began, variant, rows, 3);
                redis.kill();
                sleepUntil(began + phase.toNanos());
                began = next(live, "redis-back", began, variant, rows, 3);
                redis.restart();
                sleepUntil(began + phase.toNanos());
            }
            next(live, null, began, variant, rows, 3);
        }
        return rows;
    }

    private List<String> settings(String variant, int index, int instances, StoreServer redis, int sentinelPort, String phase) {
        return List.of("variant=" + variant, "id=" + variant + "-" + index, "quota=" + quota, "instances=" + instances,
                "redis=" + (redis == null ? "" : redis.address()), "sentinelPort=" + sentinelPort,
                "tokenServer=" + (index == 0), "phase=" + phase);
    }

    /** Splits the offered rate evenly over the live instances (a load balancer's round robin). */
    private void rate(Map<String, InstanceProcess> live) {
        for (InstanceProcess member : live.values()) {
            member.send("rate " + offered / live.size());
        }
    }

    /**
     * Ends the current phase on every live instance (starting {@code next}, or stopping them when null),
     * adds the ended phase's row unless it was the warm-up ({@code began} null), and returns the new phase's start.
     */
    private long next(Map<String, InstanceProcess> live, String next, Long began, String variant, List<FleetRow> rows,
            int instances, PhaseReport... departed) throws InterruptedException {
        long now = Ticker.system().read();
        for (InstanceProcess member : live.values()) {
            member.send(next == null ? "exit" : "phase " + next);
        }
        List<PhaseReport> reports = new ArrayList<>(List.of(departed));
        for (InstanceProcess member : live.values()) {
            reports.add(PhaseReport.parse(member.expect("report ", 30)));
        }
        if (began != null) {
            rows.add(PhaseReport.row(variant, reports, instances, (now - began) / 1e9, quota));
            modes.add(variant + " " + reports.getFirst().phase() + ": "
                    + String.join(", ", reports.stream().map(PhaseReport::mode).toList()));
        }
        return now;
    }

    private static void sleepUntil(long nanos) throws InterruptedException {
        long left = nanos - Ticker.system().read();
        if (left > 0) {
            TimeUnit.NANOSECONDS.sleep(left); // the phase's length: the fleet is under load meanwhile
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }
}
