package dev.firebreak.lab.experiment.blocking;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Where the service under test runs. {@code child} (the default): in a JVM of its own, as in the
 * seed (a Spring Boot application loaded by Gatling from outside). That also splits the sockets:
 * at 10,000 users the driver holds up to 10,000 client sockets and the service as many server
 * sockets, more than the 20,000 descriptors one process may open here. {@code in-process}: in this
 * JVM (tests, small runs).
 */
final class ServiceHost implements AutoCloseable {

    private final PassThroughService inProcess;
    private final Process child;
    private final int port;
    private final Path log;

    private ServiceHost(PassThroughService inProcess, Process child, int port, Path log) {
        this.inProcess = inProcess;
        this.child = child;
        this.port = port;
        this.log = log;
    }

    /** Starts {@code stack} calling {@code downstream}, in a child JVM or in this one. */
    static ServiceHost start(BlockingStack stack, URI downstream, boolean inChild) throws Exception {
        if (!inChild) {
            PassThroughService service = PassThroughService.start(stack, downstream);
            return new ServiceHost(service, null, service.port(), null);
        }
        Path log = Files.createTempFile("firebreak-service-" + stack.label(), ".log");
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        if (Runtime.version().feature() >= 23) {
            command.add("--sun-misc-unsafe-memory-access=allow");
        }
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), ServiceMain.class.getName(), stack.label(),
                downstream.toString()));
        Process process = new ProcessBuilder(command).redirectError(log.toFile()).start();
        BufferedReader reader = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
        String line = reader.readLine();
        if (line == null || !line.startsWith("PORT ")) {
            process.destroyForcibly();
            throw new IOException("the " + stack.label() + " service did not start (" + line + "); its log: " + log
                    + File.separator + Files.readString(log));
        }
        return new ServiceHost(null, process, Integer.parseInt(line.substring(5).trim()), log);
    }

    /** The pass-through's address. */
    URI uri() {
        return URI.create("http://127.0.0.1:" + port + PassThroughService.PATH);
    }

    @Override
    public void close() throws Exception {
        if (inProcess != null) {
            inProcess.close();
        }
        if (child != null) {
            child.getOutputStream().close();
            if (!child.waitFor(15, TimeUnit.SECONDS)) {
                child.destroyForcibly();
            }
            Files.deleteIfExists(log);
        }
    }
}
