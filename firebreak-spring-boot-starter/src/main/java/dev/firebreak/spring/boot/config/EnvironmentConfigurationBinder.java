package dev.firebreak.spring.boot.config;

import dev.firebreak.Guard;
import dev.firebreak.GuardRegistry;
import dev.firebreak.live.DynamicConfiguration;
import dev.firebreak.live.MapPropertySource;
import dev.firebreak.live.Scopes;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.context.ApplicationContext;
import org.springframework.context.ApplicationEvent;
import org.springframework.context.ApplicationListener;
import org.springframework.context.event.ContextRefreshedEvent;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.EnumerablePropertySource;

/**
 * Binds a registry's one {@link DynamicConfiguration} to the Spring {@code Environment}
 * ({@link SpringEnvironmentSource}), with Firebreak's precedence and checks: a value the core refuses
 * at startup fails the start ({@link InvalidFirebreakConfigurationException}); later, refused values are
 * logged and the last valid ones stay. Live changes arrive two ways: a poll of the Environment on the
 * registry's scheduler every {@code firebreak.config.poll-interval} (default 1s; 0 turns it off), and
 * at once on Spring Cloud's {@code EnvironmentChangeEvent} when spring-cloud-context is present.
 *
 * <p>The starter's binder holds the polls back while the application starts ({@link #holdPollsUntilRefreshed()}):
 * the first poll after the start reads the Environment as it is then, so a change made during startup
 * is applied then, and the start itself neither reads the Environment again nor starts a thread for a
 * poll. The start ends at Spring Boot's {@code ApplicationReadyEvent} for an application run by
 * {@code SpringApplication}, and at the context's refresh for any other context (one that no
 * {@code SpringApplication} runs sees no ready event). Configuration bound at startup is read at once, as before;
 * a registry bound after the start (the starter makes its registry at its first use when the Environment
 * has no Firebreak key, {@link #bindsAtStartup()}) reads it then, and a value refused then is a live one:
 * logged, the default kept.
 *
 * <p>When firebreak-hystrix is on the classpath the configuration is the Hystrix bridge's, installed
 * with the application's registry ({@link BridgedBinder}), so bridged commands and guards share it.
 */
public abstract class EnvironmentConfigurationBinder implements ApplicationListener<ApplicationEvent> {

    /** The property listing guards to create at startup (a YAML list or comma-separated names). */
    public static final String GUARDS = "firebreak.guards";

    /** The property naming the poll interval of the Environment. */
    public static final String POLL_INTERVAL = "firebreak.config.poll-interval";

    /**
     * The prefixes of the keys binding reads and checks: every scope of the core's live configuration
     * (guards, pools, collapsers, retry and hedging policies) in each spelling it accepts, then the
     * starter's own.
     */
    private static final List<String> CHECKED_AT_BINDING = checkedAtBinding();

    private static List<String> checkedAtBinding() {
        List<String> prefixes = new ArrayList<>(Scopes.keyPrefixes()); // no scope's table loaded
        prefixes.addAll(List.of("firebreak.config.", StarterProperties.CONFIGS + ".", GUARDS));
        return List.copyOf(prefixes);
    }

    /** The bean {@code SpringApplication} registers in every context it runs (and so publishes a ready event to). */
    private static final String SPRING_APPLICATION_ARGUMENTS = "springApplicationArguments";

    private final ConfigurableEnvironment environment;
    private final SpringEnvironmentSource source;
    /** This instance's overrides, stronger than the Environment: what the actuator's writes set. */
    private final MapPropertySource overrides = new MapPropertySource("actuator");
    private final CopyOnWriteArrayList<RefreshesAfterStartup> heldPolls = new CopyOnWriteArrayList<>();
    private volatile boolean holdPolls; // false: polls run at once, on the core's default executor
    private volatile boolean started; // the application has started: polls are no longer held

    /** A binder reading {@code environment}. */
    protected EnvironmentConfigurationBinder(ConfigurableEnvironment environment) {
        this.environment = Objects.requireNonNull(environment, "environment");
        this.source = new SpringEnvironmentSource(environment);
    }

    /** The source every bound configuration reads; {@link SpringEnvironmentSource#changed()} applies a change now. */
    public SpringEnvironmentSource source() {
        return source;
    }

    /**
     * This instance's overrides of single properties, the strongest source of every configuration this
     * binder binds (empty until the actuator's write operation sets one): {@code /actuator/firebreak/{guard}}.
     */
    public MapPropertySource overrides() {
        return overrides;
    }

    /**
     * Holds the polls of the configurations this binder binds from now on until the application has
     * started: its {@code ApplicationReadyEvent} when {@code SpringApplication} runs it, else the
     * context's refresh (the starter's own binder does; a binder an application creates itself polls
     * from the start unless it calls this). Call it before {@link #bind}.
     */
    public void holdPollsUntilRefreshed() {
        holdPolls = true;
    }

    /**
     * The application has started (ready, or a context no {@code SpringApplication} runs refreshed): the
     * held polls run (from the registry's scheduler), later ones at once. Between a refresh and the ready
     * event Boot still starts the application (its runners, for one): the polls wait for the end of it.
     */
    @Override
    public void onApplicationEvent(ApplicationEvent event) {
        boolean startEnded = event instanceof ApplicationReadyEvent
                || event instanceof ContextRefreshedEvent refresh && !runBySpringApplication(refresh.getApplicationContext());
        if (startEnded) {
            releaseHeldPolls();
        }
    }

    private static boolean runBySpringApplication(ApplicationContext context) {
        return context.containsBean(SPRING_APPLICATION_ARGUMENTS);
    }

    private void releaseHeldPolls() {
        started = true;
        for (RefreshesAfterStartup held : heldPolls) {
            held.release();
        }
    }

    /** Whether polls are being held (the application not started yet). */
    boolean isHoldingPolls() {
        return heldPolls.stream().anyMatch(RefreshesAfterStartup::isHolding);
    }

    /**
     * The configuration bound to {@code registry}: the one already installed on it if any (an
     * application that bound its own), else a new one bound to the Environment.
     */
    public DynamicConfiguration bind(GuardRegistry registry) {
        if (registry.configResolver() instanceof DynamicConfiguration existing) {
            return existing;
        }
        StartupRefusals refusals = new StartupRefusals();
        Duration poll = pollInterval();
        RefreshesAfterStartup polls = holdPolls && !started ? new RefreshesAfterStartup(
                task -> Thread.ofVirtual().name("firebreak-config-refresh").start(task), registry.scheduler()) : null;
        if (polls != null) {
            heldPolls.add(polls);
            if (started) { // the start ended while this one was made
                polls.release();
            }
        }
        DynamicConfiguration configuration = install(registry, builder -> {
            builder.source(source).source(overrides).pollInterval(poll).listener(refusals);
            if (polls != null) {
                builder.refreshExecutor(polls);
            }
        });
        if (started) { // bound after the start (a registry made at its first use): refused values are live ones
            refusals.afterStartup();
            return configuration;
        }
        try {
            refusals.startupDone();
        } catch (InvalidFirebreakConfigurationException refused) {
            release(registry, configuration);
            throw refused;
        }
        return configuration;
    }

    /**
     * Whether a registry this binder configures must be made when the application starts rather than at
     * its first use: when the Environment holds a key that binding checks, whose refusal must fail the
     * start: one the live configuration reads ({@code firebreak.} or {@code hystrix.} followed by
     * {@code command.}, {@code threadpool.} or {@code collapser.}, the scopes of the core's live
     * configuration), {@code firebreak.config.*}, {@code firebreak.configs.*} (base configurations) or
     * {@code firebreak.guards}. Other keys, such as
     * {@code firebreak.stream.enabled}, are not the registry's. Without any, a registry bound later reads
     * the Environment as it is then.
     */
    public boolean bindsAtStartup() {
        for (org.springframework.core.env.PropertySource<?> source : environment.getPropertySources()) {
            if (source instanceof EnumerablePropertySource<?> enumerable) {
                for (String key : enumerable.getPropertyNames()) {
                    if (isCheckedAtBinding(key)) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    /** Whether binding reads {@code key} (see {@link #bindsAtStartup()}). */
    static boolean isCheckedAtBinding(String key) {
        for (String prefix : CHECKED_AT_BINDING) {
            if (key.startsWith(prefix)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Creates each guard named in {@code firebreak.guards} that {@code registry} does not have yet, with
     * its configuration from the Environment (isolation, timeout, breaker...), so it is on the endpoints,
     * the stream and the meters from the start and code finds it with {@code registry.find(name)}.
     * Code that builds a guard of the same name later gets this one if it looks it up first.
     *
     * @return the guards created
     */
    public List<Guard> declareGuards(GuardRegistry registry) {
        List<String> names = Binder.get(environment).bind(GUARDS, Bindable.listOf(String.class)).orElse(List.of());
        List<Guard> created = new ArrayList<>();
        for (String name : names) {
            String trimmed = name == null ? "" : name.trim();
            if (trimmed.isEmpty() || trimmed.equals("default")) {
                throw new InvalidFirebreakConfigurationException(GUARDS + " = " + names
                        + ": each entry must be a guard name, not empty and not 'default' (reserved for the defaults)",
                        List.of());
            }
            if (registry.find(trimmed).isEmpty()) {
                created.add(registry.guard(trimmed).build());
            }
        }
        return created;
    }

    private Duration pollInterval() {
        String text = environment.getProperty(POLL_INTERVAL);
        if (text == null) {
            return Duration.ofSeconds(1); // the default, without loading Boot's duration parser
        }
        Duration interval;
        try {
            interval = org.springframework.boot.convert.DurationStyle.detectAndParse(text);
        } catch (IllegalArgumentException notADuration) {
            throw new InvalidFirebreakConfigurationException(POLL_INTERVAL + " = " + text
                    + ": must be a duration such as 1s, 500ms or PT1S", List.of());
        }
        if (interval.isNegative()) {
            throw new InvalidFirebreakConfigurationException(POLL_INTERVAL + " = " + text + ": must be >= 0",
                    List.of());
        }
        return interval;
    }

    /** Builds the configuration of {@code registry} with {@code customizer}'s sources and settings. */
    protected abstract DynamicConfiguration install(GuardRegistry registry, Consumer<DynamicConfiguration.Builder> customizer);

    /** Undoes {@link #install} after a refused start. */
    protected abstract void release(GuardRegistry registry, DynamicConfiguration configuration);

    /** The binder without the Hystrix bridge: a configuration of the registry's own. */
    public static final class PlainBinder extends EnvironmentConfigurationBinder {

        /** A binder reading {@code environment}. */
        public PlainBinder(ConfigurableEnvironment environment) {
            super(environment);
        }

        @Override
        protected DynamicConfiguration install(GuardRegistry registry, Consumer<DynamicConfiguration.Builder> customizer) {
            DynamicConfiguration.Builder builder = DynamicConfiguration.builder(registry);
            customizer.accept(builder);
            return builder.build();
        }

        @Override
        protected void release(GuardRegistry registry, DynamicConfiguration configuration) {
            configuration.close();
        }
    }
}
