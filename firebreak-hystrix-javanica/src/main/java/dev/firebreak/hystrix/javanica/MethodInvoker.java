package dev.firebreak.hystrix.javanica;

import com.netflix.hystrix.contrib.javanica.command.ClosureCommand;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;

/** Calls a bean's method directly (bypassing its proxy), with the method's own exception as the outcome. */
final class MethodInvoker {

    private MethodInvoker() {
    }

    /** Calls {@code method} on {@code target}; what the method throws is thrown as is. */
    static Object invoke(Method method, Object target, Object[] args) throws Throwable {
        try {
            return method.invoke(target, args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }

    /**
     * The value inside what an asynchronous method returned: an {@code AsyncResult} (any
     * {@link ClosureCommand}) is invoked here, on the command's thread; another future is waited for.
     */
    static Object valueOf(Object returned) throws Throwable {
        if (returned instanceof ClosureCommand<?> closure) {
            return closure.invoke();
        }
        if (returned instanceof Future<?> future) {
            try {
                return future.get();
            } catch (ExecutionException e) {
                throw e.getCause() == null ? e : e.getCause();
            }
        }
        return returned;
    }
}
