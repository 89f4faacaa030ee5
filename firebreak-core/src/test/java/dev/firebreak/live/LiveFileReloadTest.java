package dev.firebreak.live;

import static dev.firebreak.live.Fixture.TIMEOUT;
import static java.util.concurrent.TimeUnit.SECONDS;
import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.Guard;
import dev.firebreak.GuardRegistry;
import dev.firebreak.Isolation;
import dev.firebreak.config.ConfigResolver;
import dev.firebreak.config.Level;
import dev.firebreak.testkit.ManualClock;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A properties file on disk, edited while guards run. */
class LiveFileReloadTest {

    @TempDir
    Path dir;

    /** Replaces the file atomically, as the documentation asks, so a poll never sees half a file. */
    private Path write(String name, String text) throws IOException {
        Path target = dir.resolve(name);
        Path temp = Files.createTempFile(dir, "edit", ".tmp");
        Files.writeString(temp, text, StandardCharsets.UTF_8);
        Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        return target;
    }

    @Test
    void anEditOnDiskReachesARunningGuardThroughTheRealPoller() throws Exception {
        Path file = write("firebreak.properties", "firebreak.command.orders." + TIMEOUT + "=400\n");
        GuardRegistry registry = GuardRegistry.builder().build(); // the system clock and scheduler
        CountDownLatch applied = new CountDownLatch(1);
        try (DynamicConfiguration config = DynamicConfiguration.builder(registry)
                .source(PropertiesFileSource.of(file))
                .pollInterval(Duration.ofMillis(20))
                .listener(event -> {
                    if (event.kind() == ConfigEvent.Kind.APPLIED && "orders".equals(event.instance())
                            && TIMEOUT.equals(event.property()) && "250".equals(event.value())) {
                        applied.countDown();
                    }
                })
                .build()) {
            Guard guard = registry.guard("orders").isolation(Isolation.semaphore(5)).build();
            assertThat(guard.controls().config().timeout().timeout().toMillis()).isEqualTo(400);

            write("firebreak.properties", "firebreak.command.orders." + TIMEOUT + "=250\n");

            assertThat(applied.await(10, SECONDS)).as("the change event within 10 s").isTrue();
            assertThat(guard.controls().config().timeout().timeout().toMillis()).isEqualTo(250);
            assertThat(config.properties(guard)).contains(new EffectiveProperty(TIMEOUT, Duration.ofMillis(250), Level.DYNAMIC_INSTANCE,
                    "firebreak.command.orders." + TIMEOUT));
        }
    }

    @Test
    void pollingRunsOnTheRegistrysSchedulerAndStopsWhenClosed() throws Exception {
        Path file = write("a.properties", "firebreak.command.orders.fallback.enabled=true\n");
        ManualClock clock = new ManualClock(Long.MAX_VALUE - 1_500_000_000L); // polls straddle the overflow
        GuardRegistry registry = GuardRegistry.builder().clock(clock).build();
        DynamicConfiguration config = DynamicConfiguration.builder(registry)
                .source(PropertiesFileSource.of(file))
                .pollInterval(Duration.ofSeconds(1))
                .refreshExecutor(Runnable::run)
                .build();
        Guard guard = registry.guard("orders").isolation(Isolation.semaphore(5)).build();
        assertThat(clock.pendingDelays()).containsExactly(1_000_000_000L);

        write("a.properties", "firebreak.command.orders.fallback.enabled=false\n");
        assertThat(guard.controls().config().fallback().enabled()).isTrue(); // not before the poll
        clock.advance(Duration.ofMillis(999));
        assertThat(guard.controls().config().fallback().enabled()).isTrue();
        clock.advance(Duration.ofMillis(1)); // the poll that first sees the edit
        assertThat(guard.controls().config().fallback().enabled()).isTrue();
        clock.advance(Duration.ofSeconds(1)); // and the next one, which finds it unchanged: stable, applied
        assertThat(guard.controls().config().fallback().enabled()).isFalse();

        write("a.properties", "firebreak.command.orders.fallback.enabled=true\n");
        clock.advance(Duration.ofSeconds(2));
        assertThat(guard.controls().config().fallback().enabled()).isTrue();

        config.close();
        assertThat(clock.pendingTasks()).isZero();
        write("a.properties", "firebreak.command.orders.fallback.enabled=false\n");
        clock.advance(Duration.ofSeconds(5));
        assertThat(guard.controls().config().fallback().enabled()).isTrue();
        assertThat(registry.configResolver()).isSameAs(ConfigResolver.codeOnly());
    }

    @Test
    void aBadLineIsRefusedWhileTheOtherLinesOfTheSameFileApply() throws Exception {
        Path file = write("f.properties", """
                firebreak.command.orders.execution.isolation.thread.timeoutInMilliseconds=400
                firebreak.command.orders.circuitBreaker.errorThresholdPercentage=40
                """);
        List<ConfigEvent> events = new CopyOnWriteArrayList<>();
        GuardRegistry registry = GuardRegistry.builder().clock(new ManualClock()).build();
        try (DynamicConfiguration config = DynamicConfiguration.builder(registry).source(PropertiesFileSource.of(file))
                .pollInterval(Duration.ZERO).listener(events::add).build()) {
            Guard guard = registry.guard("orders").isolation(Isolation.semaphore(5)).build();
            write("f.properties", """
                    firebreak.command.orders.execution.isolation.thread.timeoutInMilliseconds=-5
                    firebreak.command.orders.circuitBreaker.errorThresholdPercentage=60
                    firebreak.command.orders.circuitBreaker.requestVolumeThreshold=7
                    """);
            config.refresh(); // a changed file applies at the second read that finds it unchanged
            config.refresh();

            assertThat(guard.controls().config().timeout().timeout().toMillis()).isEqualTo(400);
            assertThat(guard.controls().config().breaker().errorThresholdPercentage()).isEqualTo(60);
            assertThat(guard.controls().config().breaker().requestVolumeThreshold()).isEqualTo(7);
            assertThat(events).filteredOn(e -> e.kind() == ConfigEvent.Kind.REFUSED).singleElement()
                    .satisfies(e -> assertThat(e.message()).contains(
                            "firebreak.command.orders." + TIMEOUT, "-5", "must be > 0", "keeping 400"));

            config.refresh(); // the same bad line is not reported again
            assertThat(events).filteredOn(e -> e.kind() == ConfigEvent.Kind.REFUSED).hasSize(1);
        }
    }

    @Test
    void aFileThatCannotBeReadOrParsedChangesNothing() throws Exception {
        Path file = write("g.properties", "firebreak.command.orders.fallback.enabled=false\n"
                + "firebreak.command.orders." + TIMEOUT + "=300\n");
        List<ConfigEvent> events = new CopyOnWriteArrayList<>();
        GuardRegistry registry = GuardRegistry.builder().clock(new ManualClock()).build();
        try (DynamicConfiguration config = DynamicConfiguration.builder(registry).source(PropertiesFileSource.of(file))
                .pollInterval(Duration.ZERO).listener(events::add).build()) {
            Guard guard = registry.guard("orders").isolation(Isolation.semaphore(5)).build();

            write("g.properties", "firebreak.command.orders." + TIMEOUT + "=900\nbroken=\\u12G4\n");
            config.refresh();
            config.refresh();
            assertThat(guard.controls().config().timeout().timeout().toMillis()).isEqualTo(300);
            assertThat(guard.controls().config().fallback().enabled()).isFalse();

            Files.write(file, new byte[] {'f', '=', (byte) 0xC3, (byte) 0x28}); // not UTF-8
            config.refresh();
            Files.delete(file);
            config.refresh();
            config.refresh(); // the same failure is reported once
            assertThat(guard.controls().config().timeout().timeout().toMillis()).isEqualTo(300);
            assertThat(guard.controls().config().fallback().enabled()).isFalse();
            assertThat(events).filteredOn(e -> e.kind() == ConfigEvent.Kind.SOURCE_FAILED)
                    .extracting(ConfigEvent::message)
                    .hasSize(2)
                    .allSatisfy(m -> assertThat(m).contains(file.toString(), "previous properties stay in force"));
            assertThat(events).filteredOn(e -> e.kind() == ConfigEvent.Kind.SOURCE_MISSING)
                    .extracting(ConfigEvent::message).singleElement()
                    .satisfies(m -> assertThat(m).contains(file.toString(), "does not exist",
                            "last properties (2 keys) stay in force"));
            assertThat(events).filteredOn(e -> e.kind() == ConfigEvent.Kind.APPLIED).isEmpty();

            write("g.properties", "firebreak.command.orders." + TIMEOUT + "=350\n");
            config.refresh();
            config.refresh();
            assertThat(guard.controls().config().timeout().timeout().toMillis()).isEqualTo(350);
            assertThat(guard.controls().config().fallback().enabled()).isTrue(); // the line is gone: the default shows through
        }
    }
}
