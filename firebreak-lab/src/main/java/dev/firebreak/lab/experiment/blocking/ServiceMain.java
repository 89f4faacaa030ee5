package dev.firebreak.lab.experiment.blocking;

import java.io.InputStream;
import java.net.URI;

/**
 * The entry point of the service's own JVM ({@code --service child}): {@code ServiceMain STACK
 * DOWNSTREAM_URI} starts the pass-through, prints {@code PORT <n>} on stdout, and stops when its
 * stdin closes (the parent closes it, or dies).
 */
public final class ServiceMain {

    private ServiceMain() {
    }

    /** Runs the service until stdin closes. */
    public static void main(String[] args) throws Exception {
        if (args.length != 2) {
            System.err.println("usage: ServiceMain STACK DOWNSTREAM_URI");
            System.exit(2);
        }
        try (PassThroughService service = PassThroughService.start(BlockingStack.of(args[0]), URI.create(args[1]))) {
            System.out.println("PORT " + service.port());
            System.out.flush();
            InputStream in = System.in;
            while (in.read() >= 0) {
                // wait for the parent to close our stdin
            }
        }
        System.exit(0);
    }
}
