package com.netflix.hystrix.util;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;

class SneakyThrowTest {

    @Test
    void aCheckedExceptionLeavesUnwrappedThroughAMethodThatDeclaresNone() {
        TimeoutException checked = new TimeoutException("slow backend");
        assertThatThrownBy(() -> rethrowWithoutDeclaring(checked)).isSameAs(checked);
    }

    @Test
    void nullIsRefusedWithAMessage() {
        assertThatThrownBy(() -> Exceptions.sneakyThrow(null))
                .isInstanceOf(NullPointerException.class)
                .hasMessageContaining("must not be null");
    }

    private static void rethrowWithoutDeclaring(Exception e) {
        throw Exceptions.sneakyThrow(e);
    }
}
