package dev.firebreak.live;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.config.ConfigScope;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The key prefixes Scopes lists without loading tables are the scopes' own, and a key finds its one scope. */
class ScopesTest {

    @Test
    void theListedKeyPrefixesAreThoseOfTheScopesTables() {
        List<String> fromTables = new ArrayList<>();
        for (ConfigScope<?, ?> scope : Scopes.all()) {
            for (String prefix : scope.prefixes()) {
                fromTables.add(prefix + "." + scope.segment() + ".");
            }
        }
        assertThat(Scopes.keyPrefixes()).containsExactlyElementsOf(fromTables)
                .contains("firebreak.command.", "hystrix.command.", "firebreak.retry.", "firebreak.hedge.")
                .doesNotContain("hystrix.retry.", "hystrix.hedge.");
    }

    @Test
    void aKeyFindsTheScopeOfItsSegmentUnderAPrefixThatScopeAccepts() {
        assertThat(Scopes.named("firebreak", "firebreak.retry.users.maxAttempts").segment()).isEqualTo("retry");
        assertThat(Scopes.named("hystrix", "hystrix.command.users.execution.timeout.enabled").segment()).isEqualTo("command");
        assertThat(Scopes.named("hystrix", "hystrix.hedge.users.delay")).as("hedging has no hystrix. keys").isNull();
        assertThat(Scopes.named("firebreak", "firebreak.stream.enabled")).isNull();
    }
}
