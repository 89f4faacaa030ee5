package dev.firebreak.lab.demo;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.ArrayList;
import java.util.List;

/**
 * Where {@code ./firebreak demo --fleet} serves, all on 127.0.0.1. From a base port N: instance i (1 to
 * 3) at N+i (stream and dashboard) and N+10+i ({@code /metrics}), the aggregate at N+4, Prometheus at
 * N+5. Base 0 picks free ports instead (tests); they are known before anything starts, so every
 * instance can let the others' dashboards read its stream.
 *
 * @param streams each instance's stream and dashboard port
 * @param metrics each instance's {@code /metrics} port
 * @param aggregate the {@code /turbine.stream} port
 * @param prometheus Prometheus's port
 */
record FleetPorts(List<Integer> streams, List<Integer> metrics, int aggregate, int prometheus) {

    static final int INSTANCES = 3;
    /** The highest offset from the base. */
    static final int SPAN = 10 + INSTANCES;

    FleetPorts {
        streams = List.copyOf(streams);
        metrics = List.copyOf(metrics);
    }

    /**
     * The ports from {@code base}, or free ones for base 0.
     *
     * @throws IllegalArgumentException naming the rule when the last port would pass 65535
     */
    static FleetPorts from(int base) {
        if (base == 0) {
            return free();
        }
        if (base < 1 || base + SPAN > 65_535) {
            throw new IllegalArgumentException("--port: " + base + " must be 0 (free ports) or from 1 to "
                    + (65_535 - SPAN) + " (the fleet uses the base up to base+" + SPAN + ")");
        }
        List<Integer> streams = new ArrayList<>();
        List<Integer> metrics = new ArrayList<>();
        for (int i = 1; i <= INSTANCES; i++) {
            streams.add(base + i);
            metrics.add(base + 10 + i);
        }
        return new FleetPorts(streams, metrics, base + INSTANCES + 1, base + INSTANCES + 2);
    }

    /** Free ports, each held open until all are chosen so none is chosen twice. */
    private static FleetPorts free() {
        List<ServerSocket> held = new ArrayList<>();
        try {
            List<Integer> ports = new ArrayList<>();
            for (int i = 0; i < 2 * INSTANCES + 2; i++) {
                ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
                held.add(socket);
                ports.add(socket.getLocalPort());
            }
            return new FleetPorts(ports.subList(0, INSTANCES), ports.subList(INSTANCES, 2 * INSTANCES),
                    ports.get(2 * INSTANCES), ports.get(2 * INSTANCES + 1));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot find free ports on 127.0.0.1: " + e.getMessage(), e);
        } finally {
            for (ServerSocket socket : held) {
                try {
                    socket.close();
                } catch (IOException ignored) {
                    // it was only a probe
                }
            }
        }
    }
}
