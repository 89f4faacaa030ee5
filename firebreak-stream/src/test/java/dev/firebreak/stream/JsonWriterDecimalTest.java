package dev.firebreak.stream;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Decimal fields: whole values read as the integers they were before a field became decimal; no NaN in JSON. */
class JsonWriterDecimalTest {

    private static String written(double value) {
        StringBuilder out = new StringBuilder();
        new JsonWriter(out).begin().field("v", value).end();
        return out.toString();
    }

    @Test
    void aWholeValueIsWrittenAsAnInteger() {
        assertThat(written(2.0)).isEqualTo("{\"v\":2}");
        assertThat(MiniJson.object(written(2.0)).get("v")).isEqualTo(2L);
    }

    @Test
    void aFractionIsWrittenAsADecimal() {
        assertThat(written(1.5)).isEqualTo("{\"v\":1.5}");
        assertThat(MiniJson.object(written(1.5)).get("v")).isEqualTo(1.5);
    }

    @Test
    void aValueThatIsNotFiniteIsWrittenAsNull() {
        assertThat(written(Double.NaN)).isEqualTo("{\"v\":null}");
        assertThat(written(Double.POSITIVE_INFINITY)).isEqualTo("{\"v\":null}");
    }
}
