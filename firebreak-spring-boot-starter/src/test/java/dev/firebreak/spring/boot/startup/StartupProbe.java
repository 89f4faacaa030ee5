package dev.firebreak.spring.boot.startup;

import java.lang.management.ManagementFactory;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * A minimal Spring Boot application (auto-configuration, no beans of its own) that prints how long
 * its JVM took from start to {@code ApplicationReadyEvent} (wall clock), the CPU time the process and
 * its main thread (where the context is built) had used by then, and exits. {@link StartupBenchmark} runs
 * it in fresh JVMs with and without the starter on the classpath. Argument: {@code none} (default) or
 * {@code servlet}, the web application type.
 */
@SpringBootConfiguration
@EnableAutoConfiguration
public class StartupProbe {

    public static void main(String[] args) {
        SpringApplication application = new SpringApplication(StartupProbe.class);
        application.setWebApplicationType(args.length > 0 && args[0].equals("servlet")
                ? WebApplicationType.SERVLET : WebApplicationType.NONE);
        application.setLogStartupInfo(false);
        application.setDefaultProperties(java.util.Map.of("server.port", "0", "spring.main.banner-mode", "off",
                "logging.level.root", "warn"));
        long[] readyAt = new long[1];
        application.addListeners(event -> {
            if (event instanceof ApplicationReadyEvent) {
                readyAt[0] = System.currentTimeMillis();
            }
        });
        ConfigurableApplicationContext context = application.run();
        long jvmStart = ManagementFactory.getRuntimeMXBean().getStartTime();
        boolean starter = context.getBeanNamesForType(classOrNull("dev.firebreak.GuardRegistry")).length > 0;
        long processCpu = ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime() / 1_000_000L;
        long mainCpu = ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime() / 1_000_000L;
        System.out.println("startup-ms=" + (readyAt[0] - jvmStart) + " cpu-ms=" + processCpu + " main-cpu-ms=" + mainCpu
                + " starter=" + starter);
        context.close();
        System.exit(0);
    }

    private static Class<?> classOrNull(String name) {
        try {
            return Class.forName(name);
        } catch (ClassNotFoundException absent) {
            return Void.class;
        }
    }
}
