package dev.firebreak.spring.boot.startup;

import java.lang.management.ManagementFactory;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.springframework.boot.context.metrics.buffering.BufferingApplicationStartup;
import org.springframework.boot.context.metrics.buffering.StartupTimeline;
import org.springframework.core.metrics.StartupStep;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * A minimal Spring Boot application (auto-configuration, no beans of its own) that prints how long
 * its JVM took from start to {@code ApplicationReadyEvent} (wall clock), the CPU time the process and
 * its main thread (where the context is built) had used by then, the number of classes loaded by
 * then and the bytes the main thread had allocated by then (all taken on the ready event; the last two
 * hardly depend on the machine's load, so they show a change in the work done that times cannot), the
 * time spent creating the starter's own beans (from Spring's startup steps), and exits. {@link StartupBenchmark} runs
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
        BufferingApplicationStartup steps = new BufferingApplicationStartup(20_000);
        application.setApplicationStartup(steps);
        application.setDefaultProperties(java.util.Map.of("server.port", "0", "spring.main.banner-mode", "off",
                "logging.level.root", "warn"));
        long[] atReady = new long[5]; // wall clock, process CPU, main-thread CPU, classes loaded, main-thread allocation
        application.addListeners(event -> {
            if (event instanceof ApplicationReadyEvent) {
                atReady[0] = System.currentTimeMillis();
                atReady[1] = ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                        .getProcessCpuTime() / 1_000_000L;
                atReady[2] = ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime() / 1_000_000L;
                atReady[3] = ManagementFactory.getClassLoadingMXBean().getTotalLoadedClassCount();
                atReady[4] = ((com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean())
                        .getCurrentThreadAllocatedBytes() / 1024L;
                if (Boolean.getBoolean("firebreak.probe.marker")) {
                    System.out.println("--- ready ---"); // cuts a -Xlog:class+load log on stdout at the ready event
                }
                if (Boolean.getBoolean("firebreak.probe.threads")) {
                    NativeThreads.print();
                }
            }
        });
        ConfigurableApplicationContext context = application.run();
        long jvmStart = ManagementFactory.getRuntimeMXBean().getStartTime();
        boolean starter = context.getBeanNamesForType(classOrNull("dev.firebreak.GuardRegistry")).length > 0;
        System.out.println("startup-ms=" + (atReady[0] - jvmStart) + " cpu-ms=" + atReady[1] + " main-cpu-ms=" + atReady[2]
                + " firebreak-beans-ms=" + firebreakBeansMillis(steps) + " classes=" + atReady[3] + " main-alloc-kb=" + atReady[4]
                + " starter=" + starter);
        if (Boolean.getBoolean("firebreak.probe.steps")) {
            printSteps(steps);
        }
        if (Boolean.getBoolean("firebreak.probe.conditions")) {
            printConditions(context);
        }
        context.close();
        System.exit(0);
    }

    /**
     * The time spent creating the starter's beans (those named {@code firebreak...}), counting a bean
     * created while another firebreak bean was being created only once (inside its parent).
     */
    static long firebreakBeansMillis(BufferingApplicationStartup steps) {
        Map<Long, String> beanOf = new HashMap<>();
        Map<Long, Long> parentOf = new HashMap<>();
        long nanos = 0;
        List<StartupTimeline.TimelineEvent> events = steps.getBufferedTimeline().getEvents();
        for (StartupTimeline.TimelineEvent event : events) {
            StartupStep step = event.getStartupStep();
            for (StartupStep.Tag tag : step.getTags()) {
                if (tag.getKey().equals("beanName")) {
                    beanOf.put(step.getId(), tag.getValue());
                }
            }
            if (step.getParentId() != null) {
                parentOf.put(step.getId(), step.getParentId());
            }
        }
        if (Boolean.getBoolean("firebreak.probe.detail")) {
            events.stream().filter(event -> beanOf.containsKey(event.getStartupStep().getId()))
                    .filter(event -> event.getDuration().toMillis() >= 10)
                    .forEach(event -> System.out.println("  any bean " + beanOf.get(event.getStartupStep().getId()) + ": "
                            + event.getDuration().toMillis() + " ms"));
        }
        for (StartupTimeline.TimelineEvent event : events) {
            StartupStep step = event.getStartupStep();
            if (isFirebreak(beanOf.get(step.getId())) && !underFirebreak(step.getParentId(), beanOf, parentOf)) {
                nanos += event.getDuration().toNanos();
                if (Boolean.getBoolean("firebreak.probe.detail")) {
                    System.out.println("  bean " + beanOf.get(step.getId()) + ": " + event.getDuration().toMillis() + " ms");
                }
            }
        }
        return nanos / 1_000_000L;
    }

    /**
     * The time in each kind of Spring startup step that no other step contains (its name, e.g.
     * {@code spring.context.config-classes.parse}), one line each, to compare two variants step by step.
     */
    private static void printSteps(BufferingApplicationStartup steps) {
        Map<String, Long> nanosByName = new java.util.TreeMap<>();
        List<StartupTimeline.TimelineEvent> events = steps.getBufferedTimeline().getEvents();
        Map<Long, Long> childNanos = new HashMap<>();
        for (StartupTimeline.TimelineEvent event : events) {
            Long parent = event.getStartupStep().getParentId();
            if (parent != null) {
                childNanos.merge(parent, event.getDuration().toNanos(), Long::sum);
            }
        }
        for (StartupTimeline.TimelineEvent event : events) {
            long self = event.getDuration().toNanos() - childNanos.getOrDefault(event.getStartupStep().getId(), 0L);
            nanosByName.merge(event.getStartupStep().getName(), self, Long::sum);
        }
        nanosByName.forEach((name, nanos) -> System.out.printf("  step %-55s %6.1f ms%n", name, nanos / 1e6));
    }

    /** Every condition Boot evaluated, one line each (source, condition, match), to diff two variants. */
    private static void printConditions(ConfigurableApplicationContext context) {
        org.springframework.boot.autoconfigure.condition.ConditionEvaluationReport report =
                org.springframework.boot.autoconfigure.condition.ConditionEvaluationReport.get(context.getBeanFactory());
        report.getConditionAndOutcomesBySource().forEach((source, outcomes) -> outcomes.forEach(outcome ->
                System.out.println("  condition " + source + " " + outcome.getCondition().getClass().getSimpleName() + " "
                        + outcome.getOutcome().isMatch())));
    }

    private static boolean underFirebreak(Long id, Map<Long, String> beanOf, Map<Long, Long> parentOf) {
        for (Long current = id; current != null; current = parentOf.get(current)) {
            if (isFirebreak(beanOf.get(current))) {
                return true;
            }
        }
        return false;
    }

    private static boolean isFirebreak(String beanName) {
        return beanName != null && beanName.toLowerCase(java.util.Locale.ROOT).contains("firebreak");
    }

    private static Class<?> classOrNull(String name) {
        try {
            return Class.forName(name);
        } catch (ClassNotFoundException absent) {
            return Void.class;
        }
    }
}
