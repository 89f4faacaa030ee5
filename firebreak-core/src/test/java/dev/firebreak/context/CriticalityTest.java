package dev.firebreak.context;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class CriticalityTest {

    @Test
    void parsesNamesLeniently() {
        assertThat(Criticality.parse("critical-plus")).contains(Criticality.CRITICAL_PLUS);
        assertThat(Criticality.parse(" SHEDDABLE_PLUS ")).contains(Criticality.SHEDDABLE_PLUS);
        assertThat(Criticality.parse("Sheddable")).contains(Criticality.SHEDDABLE);
        assertThat(Criticality.parse(null)).isEmpty();
        assertThat(Criticality.parse("")).isEmpty();
        assertThat(Criticality.parse("urgent")).isEmpty();
        assertThat(Criticality.parse("CRITICAL PLUS")).isEmpty();
    }

    @Test
    void ordersMostImportantFirst() {
        assertThat(Criticality.CRITICAL_PLUS.isAtLeast(Criticality.CRITICAL)).isTrue();
        assertThat(Criticality.SHEDDABLE.isAtLeast(Criticality.SHEDDABLE_PLUS)).isFalse();
        assertThat(Criticality.CRITICAL.isAtLeast(Criticality.CRITICAL)).isTrue();
        assertThat(Criticality.SHEDDABLE.raised()).isEqualTo(Criticality.SHEDDABLE_PLUS);
        assertThat(Criticality.CRITICAL_PLUS.raised()).isEqualTo(Criticality.CRITICAL_PLUS);
        assertThat(Criticality.CRITICAL_PLUS.cappedAt(Criticality.CRITICAL)).isEqualTo(Criticality.CRITICAL);
        assertThat(Criticality.SHEDDABLE.cappedAt(Criticality.CRITICAL)).isEqualTo(Criticality.SHEDDABLE);
    }

    @Test
    void aScopeWinsOverTheRequestWhichWinsOverTheDefault() throws Exception {
        assertThat(Criticality.current()).isEqualTo(Criticality.DEFAULT);
        try (RequestContext ctx = RequestContext.open().criticality(Criticality.SHEDDABLE_PLUS)) {
            assertThat(Criticality.current()).isEqualTo(Criticality.SHEDDABLE_PLUS);
            assertThat(Criticality.CRITICAL_PLUS.call(Criticality::current)).isEqualTo(Criticality.CRITICAL_PLUS);
            try (Criticality.Scope scope = Criticality.SHEDDABLE.open()) {
                assertThat(Criticality.current()).isEqualTo(Criticality.SHEDDABLE);
                Criticality.CRITICAL.run(() -> assertThat(Criticality.current()).isEqualTo(Criticality.CRITICAL));
                assertThat(Criticality.current()).isEqualTo(Criticality.SHEDDABLE);
            }
            assertThat(Criticality.current()).isEqualTo(Criticality.SHEDDABLE_PLUS);
            assertThat(Criticality.scopedOrNull()).isNull();
        }
        assertThat(Criticality.current()).isEqualTo(Criticality.DEFAULT);
    }

    @Test
    void closingAScopeTwiceRestoresOnce() {
        Criticality.Scope outer = Criticality.SHEDDABLE.open();
        Criticality.Scope inner = Criticality.CRITICAL_PLUS.open();
        inner.close();
        inner.close();
        assertThat(Criticality.current()).isEqualTo(Criticality.SHEDDABLE);
        outer.close();
        assertThat(Criticality.scopedOrNull()).isNull();
    }
}
