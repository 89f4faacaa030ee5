package dev.firebreak.spring.annotation;

import java.util.concurrent.CompletionStage;

/**
 * How a {@link Guarded} method's result is guarded, decided once from its declared return type.
 * Reactor's types are compared by name so that the starter works without Reactor on the classpath.
 */
enum ReturnKind {
    /** A plain value (or void): {@code Guard.execute}. */
    SYNC,
    /** A {@code CompletionStage}: {@code Guard.submitAsync}. */
    STAGE,
    /** A {@code reactor.core.publisher.Mono}. */
    MONO,
    /** A {@code reactor.core.publisher.Flux}. */
    FLUX;

    static ReturnKind of(Class<?> returnType) {
        if (CompletionStage.class.isAssignableFrom(returnType)) {
            return STAGE;
        }
        return switch (returnType.getName()) {
            case "reactor.core.publisher.Mono" -> MONO;
            case "reactor.core.publisher.Flux" -> FLUX;
            default -> SYNC;
        };
    }
}
