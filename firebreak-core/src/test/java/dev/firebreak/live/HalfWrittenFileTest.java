package dev.firebreak.live;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.Guard;
import dev.firebreak.GuardConfig;
import dev.firebreak.GuardRegistry;
import dev.firebreak.Isolation;
import dev.firebreak.testkit.ManualClock;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 12, defect 5: a watched file edited in place is read half written by some polls. Only a
 * snapshot read unchanged a poll apart applies, and one that lost most of the keys in force is held
 * (and reported) until it has stayed the same for the suspect settle time (30 s by default), however
 * many polls that is. Real files, the manual clock, polls fired by {@code advance}.
 */
class HalfWrittenFileTest {

    private static final Duration POLL = Duration.ofSeconds(1);
    private static final String P = "firebreak.command.orders.";

    /** Six values, each different from the defaults, for the guard "orders". */
    private static final String OLD = P + "circuitBreaker.errorThresholdPercentage=40\n"
            + P + "execution.isolation.thread.timeoutInMilliseconds=400\n"
            + P + "circuitBreaker.requestVolumeThreshold=11\n"
            + P + "circuitBreaker.sleepWindowInMilliseconds=3000\n"
            + P + "fallback.enabled=false\n"
            + P + "circuitBreaker.halfOpenTrialCalls=2\n";
    private static final String NEW = P + "circuitBreaker.errorThresholdPercentage=60\n"
            + P + "execution.isolation.thread.timeoutInMilliseconds=250\n"
            + P + "circuitBreaker.requestVolumeThreshold=17\n"
            + P + "circuitBreaker.sleepWindowInMilliseconds=4500\n"
            + P + "fallback.enabled=false\n"
            + P + "circuitBreaker.halfOpenTrialCalls=3\n";

    @TempDir
    Path dir;

    private final ManualClock clock = new ManualClock();
    private final GuardRegistry registry = GuardRegistry.builder().clock(clock).build();
    private final List<ConfigEvent> events = new CopyOnWriteArrayList<>();
    private Path file;
    private DynamicConfiguration config;
    private Guard guard;

    private Duration poll = POLL;

    private void start(String text) throws IOException {
        start(text, POLL);
    }

    private void start(String text, Duration pollInterval) throws IOException {
        poll = pollInterval;
        file = dir.resolve("firebreak.properties");
        if (text != null) {
            replace(text);
        }
        config = DynamicConfiguration.builder(registry).source(PropertiesFileSource.of(file)).pollInterval(pollInterval)
                .refreshExecutor(Runnable::run).listener(events::add).build();
        guard = registry.guard("orders").isolation(Isolation.semaphore(5)).build();
    }

    @AfterEach
    void close() {
        if (config != null) {
            config.close();
        }
    }

    private void replace(String text) throws IOException {
        Path temp = Files.createTempFile(dir, "edit", ".tmp");
        Files.writeString(temp, text, StandardCharsets.UTF_8);
        Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    private void poll() {
        clock.advance(poll);
    }

    /** The six values this test edits, as one line. */
    private String values() {
        GuardConfig c = guard.controls().config();
        return c.breaker().errorThresholdPercentage() + "/" + c.timeout().timeout().toMillis() + "/"
                + c.breaker().requestVolumeThreshold() + "/" + c.breaker().sleepWindow().toMillis() + "/"
                + c.fallback().enabled() + "/" + c.breaker().halfOpenTrialCalls();
    }

    private static final String OLD_VALUES = "40/400/11/3000/false/2";
    private static final String NEW_VALUES = "60/250/17/4500/false/3";
    private static final String DEFAULT_VALUES = "50/1000/20/5000/true/1";

    private List<ConfigEvent> events(ConfigEvent.Kind kind) {
        return events.stream().filter(e -> e.kind() == kind).toList();
    }

    @Test
    void aFileRewrittenInPlacePieceByPieceAppliesOnlyAsAWholeFile() throws IOException {
        start(OLD);
        assertThat(values()).isEqualTo(OLD_VALUES);
        byte[] bytes = NEW.getBytes(StandardCharsets.UTF_8);
        List<String> seen = new ArrayList<>();
        try (OutputStream out = Files.newOutputStream(file, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING)) { // in place: same file, emptied, then written
            poll();
            seen.add(values());
            for (int at = 0; at < bytes.length; at += 7) {
                out.write(bytes, at, Math.min(7, bytes.length - at));
                out.flush();
                poll(); // every poll reads the file half written
                seen.add(values());
            }
        }
        assertThat(seen).as("what the guard ran with at each poll while the file was being written")
                .containsOnly(OLD_VALUES);

        // the loop's last poll read the whole file for the first time, and kept OLD: not yet known stable
        poll(); // read unchanged a poll apart: applied
        assertThat(values()).isEqualTo(NEW_VALUES);
        assertThat(events(ConfigEvent.Kind.APPLIED)).extracting(ConfigEvent::value)
                .containsExactlyInAnyOrder("60", "250", "17", "4500", "3");
        assertThat(events(ConfigEvent.Kind.REFUSED)).isEmpty();
    }

    @Test
    void anEditAppliesAtThePollAfterTheOneThatFirstSawIt() throws IOException {
        start(OLD);
        replace(NEW);
        clock.advance(POLL.minusMillis(1));
        assertThat(values()).isEqualTo(OLD_VALUES);
        clock.advance(Duration.ofMillis(1)); // seen
        assertThat(values()).isEqualTo(OLD_VALUES);
        poll(); // seen again, one poll later
        assertThat(values()).isEqualTo(NEW_VALUES);
    }

    @Test
    void anEditUndoneBeforeItSettledAppliesNothing() throws IOException {
        start(OLD);
        replace(NEW);
        poll();
        replace(OLD);
        poll();
        poll();
        assertThat(values()).isEqualTo(OLD_VALUES);
        assertThat(events).isEmpty();
    }

    @Test
    void aFileThatLosesMostOfItsKeysIsHeldAndReportedUntilItHasStayedTheSameForTheSettleTime() throws IOException {
        start(OLD);
        replace(P + "circuitBreaker.errorThresholdPercentage=60\n"); // 1 of 6 keys left

        for (int i = 1; i <= 30; i++) { // first seen at the first poll; 30 s of one-second polls after it
            poll();
            assertThat(values()).as("after poll " + i).isEqualTo(OLD_VALUES);
        }
        assertThat(events(ConfigEvent.Kind.SOURCE_SUSPECT)).singleElement().satisfies(e -> {
            assertThat(e.key()).isEqualTo(file.toString());
            assertThat(e.message()).contains(file.toString(), "1 of the 6 keys", "last good properties stay in force",
                    "30000 ms");
        });
        poll(); // unchanged for the whole settle time: it is what the file says now
        assertThat(values()).isEqualTo("60/1000/20/5000/true/1");
        assertThat(events(ConfigEvent.Kind.SOURCE_SUSPECT)).hasSize(1);
    }

    @Test
    void anEmptiedFileKeepsTheLastGoodPropertiesUntilItStaysEmpty() throws IOException {
        start(OLD);
        Files.write(file, new byte[0]); // truncated in place
        poll();
        poll();
        poll();
        assertThat(values()).isEqualTo(OLD_VALUES);
        assertThat(events(ConfigEvent.Kind.SOURCE_SUSPECT)).singleElement()
                .satisfies(e -> assertThat(e.message()).contains("0 of the 6 keys"));

        Files.writeString(file, NEW); // the writer finishes: the empty snapshot never applied
        poll();
        poll();
        assertThat(values()).isEqualTo(NEW_VALUES);
        assertThat(events(ConfigEvent.Kind.APPLIED)).extracting(ConfigEvent::value)
                .containsExactlyInAnyOrder("60", "250", "17", "4500", "3");
    }

    @Test
    void aFileThatStaysEmptyAppliesTheDefaultsInTheEnd() throws IOException {
        start(OLD);
        Files.write(file, new byte[0]);
        for (int i = 0; i < 30; i++) {
            poll();
        }
        assertThat(values()).isEqualTo(OLD_VALUES);
        poll();
        assertThat(values()).isEqualTo(DEFAULT_VALUES);
    }

    @Test
    void aWriterStalledForSeveralFastPollsNeverHasItsTruncatedFileApplied() throws IOException {
        start(OLD, Duration.ofMillis(5));
        Files.write(file, new byte[0]); // truncated in place; the writer is descheduled before it writes
        for (int i = 0; i < 200; i++) { // a stall of one second: 200 polls of 5 ms, all reading an empty file
            poll();
            assertThat(values()).as("after poll " + (i + 1)).isEqualTo(OLD_VALUES);
        }
        Files.writeString(file, NEW); // the writer resumes and finishes
        poll();
        poll();
        assertThat(values()).isEqualTo(NEW_VALUES);
        assertThat(events(ConfigEvent.Kind.SOURCE_SUSPECT)).hasSize(1);
    }

    @Test
    void aMissingFileIsReportedAsMissingAndAppliesOnceItAppearsAndSettles() throws IOException {
        start(null);
        assertThat(events).singleElement().satisfies(e -> {
            assertThat(e.kind()).isEqualTo(ConfigEvent.Kind.SOURCE_MISSING);
            assertThat(e.message()).contains(file.toString(), "does not exist", "no properties")
                    .doesNotContain("previous properties");
        });
        poll();
        assertThat(events).hasSize(1); // reported once

        replace(OLD);
        poll();
        poll();
        assertThat(values()).isEqualTo(OLD_VALUES);

        Files.delete(file);
        poll();
        assertThat(values()).isEqualTo(OLD_VALUES);
        assertThat(events(ConfigEvent.Kind.SOURCE_MISSING)).hasSize(2).last()
                .satisfies(e -> assertThat(e.message()).contains("does not exist", "last properties (6 keys)"));
    }
}
