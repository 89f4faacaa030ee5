package dev.firebreak.hystrix.javanica;

import java.util.concurrent.Future;
import org.springframework.core.ResolvableType;
import rx.Completable;
import rx.Observable;
import rx.Single;

/** How an annotated method runs, read from its return type, as javanica decides it. */
enum ExecutionKind {
    /** Any other return type: the caller waits for the command ({@code execute()}). */
    SYNCHRONOUS,
    /** A {@link Future}: the caller receives the command's future ({@code queue()}). */
    ASYNCHRONOUS,
    /** An RxJava 1 {@link Observable}, {@link Single} or {@link Completable}. */
    OBSERVABLE;

    static ExecutionKind of(Class<?> returnType) {
        if (Future.class.isAssignableFrom(returnType)) {
            return ASYNCHRONOUS;
        }
        if (Observable.class.isAssignableFrom(returnType) || Single.class.isAssignableFrom(returnType)
                || Completable.class.isAssignableFrom(returnType)) {
            return OBSERVABLE;
        }
        return SYNCHRONOUS;
    }

    /** The type of one value the method produces: the return type, or the type inside the Future or Observable. */
    static ResolvableType valueType(java.lang.reflect.Method method, Class<?> targetClass) {
        ResolvableType type = ResolvableType.forMethodReturnType(method, targetClass);
        Class<?> raw = method.getReturnType();
        ResolvableType inner = switch (of(raw)) {
            case ASYNCHRONOUS -> type.as(Future.class).getGeneric(0);
            case OBSERVABLE -> Completable.class.isAssignableFrom(raw) ? ResolvableType.forClass(Void.class)
                    : Single.class.isAssignableFrom(raw) ? type.as(Single.class).getGeneric(0)
                    : type.as(Observable.class).getGeneric(0);
            case SYNCHRONOUS -> type;
        };
        if (inner == ResolvableType.NONE || inner.resolve() == null) {
            return ResolvableType.forClass(Object.class);
        }
        Class<?> resolved = inner.resolve();
        return resolved.isPrimitive() && resolved != void.class
                ? ResolvableType.forClass(org.springframework.util.ClassUtils.resolvePrimitiveIfNecessary(resolved)) : inner;
    }
}
