package dev.firebreak.lab;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** {@code ./firebreak example} accounts for every call and explains its breaker and its permits. */
class GuardExampleTest {

    private static final List<String> EXECUTION_EVENTS = List.of("SUCCESS", "FAILURE", "TIMEOUT", "SHORT_CIRCUITED",
            "LIMIT_REJECTED");

    @Test
    void everyCallIsCountedOnceAndTheFiguresAreExplained() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        int exit = GuardExample.run(new String[] {"--calls", "60"}, new PrintStream(bytes, true, StandardCharsets.UTF_8));
        String out = bytes.toString(StandardCharsets.UTF_8);

        assertThat(exit).isZero();
        int executions = 0;
        for (String event : EXECUTION_EVENTS) {
            Matcher row = Pattern.compile("(?m)^  " + event + " +(\\d+)$").matcher(out);
            executions += row.find() ? Integer.parseInt(row.group(1)) : 0;
        }
        assertThat(executions).as("one execution event per call:%n%s", out).isEqualTo(60);
        assertThat(out).containsAnyOf("The circuit breaker:\n", "The circuit breaker stayed closed");
        if (out.contains("SHORT_CIRCUITED")) {
            assertThat(out).contains("CLOSED -> OPEN").contains("SHORT_CIRCUITED: an open breaker answers every call");
        }
        assertThat(out).contains("Isolation permits still held when the last caller had its answer: ")
                .contains("keeps its permit until it really stops")
                .contains("After the abandoned calls returned: 0 permits held.");
    }

    @Test
    void aWrongArgumentPrintsTheUsage() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        assertThat(GuardExample.run(new String[] {"--nope"}, new PrintStream(bytes, true, StandardCharsets.UTF_8)))
                .isEqualTo(2);
        assertThat(bytes.toString(StandardCharsets.UTF_8)).contains("usage: firebreak example [--calls N]");
    }
}
