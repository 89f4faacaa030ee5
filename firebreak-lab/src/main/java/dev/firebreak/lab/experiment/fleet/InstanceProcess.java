package dev.firebreak.lab.experiment.fleet;

import dev.firebreak.time.Ticker;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * One instance of the fleet as the experiment sees it: a child JVM running {@link FleetInstance} (or,
 * for {@code ./firebreak demo --fleet}, another main class) on the lab's class path, spoken to in lines
 * on its standard input and heard in lines on its standard output (its standard error goes to a log
 * file in the run's scratch folder). Closing it stops the JVM; so does the end of its standard input,
 * when the main class follows the convention ({@code exit} or end of input stops it).
 */
public final class InstanceProcess implements AutoCloseable {

    private static final String END = "\u0000end";

    private final String name;
    private final Process process;
    private final PrintWriter in;
    private final BlockingQueue<String> lines = new LinkedBlockingQueue<>();

    private InstanceProcess(String name, Process process) {
        this.name = name;
        this.process = process;
        this.in = new PrintWriter(process.getOutputStream(), true, StandardCharsets.UTF_8);
        Thread reader = new Thread(this::readLines, "fleet-" + name + "-out");
        reader.setDaemon(true);
        reader.start();
    }

    /**
     * Starts instance {@code name} with {@code arguments} for {@link FleetInstance#main}.
     *
     * @param jvmOptions options before the main class (heap, compiler)
     * @param log where its standard error goes
     */
    static InstanceProcess start(String name, List<String> jvmOptions, List<String> arguments, Path log) throws IOException {
        return start(name, FleetInstance.class.getName(), jvmOptions, arguments, log);
    }

    /**
     * Starts instance {@code name}: {@code mainClass} with {@code arguments}, on the lab's class path.
     *
     * @param jvmOptions options before the main class (heap, compiler)
     * @param log where its standard error goes
     */
    public static InstanceProcess start(String name, String mainClass, List<String> jvmOptions, List<String> arguments,
            Path log) throws IOException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(jvmOptions);
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(mainClass);
        command.addAll(arguments);
        Process process = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.appendTo(log.toFile())).start();
        return new InstanceProcess(name, process);
    }

    /** Its name in the run. */
    public String name() {
        return name;
    }

    /** Sends one command line. */
    public void send(String command) {
        in.println(command);
    }

    /**
     * The next line that starts with {@code prefix} (earlier other lines are dropped).
     *
     * @throws IllegalStateException when none comes within {@code seconds} or the instance ended
     */
    public String expect(String prefix, long seconds) throws InterruptedException {
        long deadline = Ticker.system().read() + TimeUnit.SECONDS.toNanos(seconds);
        while (true) {
            String line = lines.poll(Math.max(0, deadline - Ticker.system().read()), TimeUnit.NANOSECONDS);
            if (line == null || line.equals(END)) {
                throw new IllegalStateException("instance " + name + " sent no '" + prefix + "' line within " + seconds
                        + " s" + (process.isAlive() ? "" : " (it exited with " + process.exitValue() + "; see its log)"));
            }
            if (line.startsWith(prefix)) {
                return line;
            }
        }
    }

    /** Kills it at once, as a crash would. */
    public void kill() throws InterruptedException {
        process.destroyForcibly();
        process.waitFor(10, TimeUnit.SECONDS);
    }

    /** The child JVM's process (its pid, whether it is alive). */
    public ProcessHandle handle() {
        return process.toHandle();
    }

    @Override
    public void close() throws InterruptedException {
        if (process.isAlive()) {
            send("exit");
            if (!process.waitFor(5, TimeUnit.SECONDS)) {
                kill();
            }
        }
    }

    private void readLines() {
        try (BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line = out.readLine(); line != null; line = out.readLine()) {
                lines.add(line);
            }
        } catch (IOException ended) {
            // the instance is gone; expect() says so
        }
        lines.add(END);
    }
}
