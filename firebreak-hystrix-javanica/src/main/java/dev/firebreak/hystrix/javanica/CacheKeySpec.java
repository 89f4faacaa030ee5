package dev.firebreak.hystrix.javanica;

import com.netflix.hystrix.contrib.javanica.cache.annotation.CacheKey;
import com.netflix.hystrix.contrib.javanica.exception.HystrixCachingException;
import java.beans.PropertyDescriptor;
import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import org.springframework.beans.BeanUtils;

/**
 * How a request-cache key is made for one method, by javanica's rules: the {@code cacheKeyMethod}'s
 * result when one is named; otherwise the {@link CacheKey} arguments (or every argument when none is
 * marked), each as its text or the text of its property path, joined without a separator.
 *
 * @param keyMethod the named key method, or null
 * @param parameters the argument positions that make the key
 * @param paths for each of {@code parameters}, its property path (empty for the argument itself)
 */
record CacheKeySpec(Method keyMethod, int[] parameters, String[][] paths) {

    /** The key spec of {@code method}; a missing key method is refused here, when the application starts. */
    static CacheKeySpec of(Class<?> targetClass, Method method, String cacheKeyMethod, String where) {
        if (!cacheKeyMethod.isBlank()) {
            Method found = Methods.find(targetClass, cacheKeyMethod, method.getParameterTypes());
            if (found == null || found.getReturnType() != String.class) {
                throw new HystrixCachingException(where + ": cacheKeyMethod '" + cacheKeyMethod + "' must be a method "
                        + Methods.signature(cacheKeyMethod, method.getParameterTypes()) + " returning String in "
                        + targetClass.getName() + (found == null ? ", and there is none" : ", but it returns "
                        + found.getReturnType().getName()));
            }
            found.setAccessible(true);
            return new CacheKeySpec(found, new int[0], new String[0][]);
        }
        Annotation[][] annotations = method.getParameterAnnotations();
        List<Integer> marked = new ArrayList<>();
        List<String[]> paths = new ArrayList<>();
        for (int i = 0; i < annotations.length; i++) {
            for (Annotation annotation : annotations[i]) {
                if (annotation instanceof CacheKey key) {
                    marked.add(i);
                    paths.add(key.value().isBlank() ? new String[0] : key.value().split("\\."));
                }
            }
        }
        if (marked.isEmpty()) {
            for (int i = 0; i < annotations.length; i++) {
                marked.add(i);
                paths.add(new String[0]);
            }
        }
        return new CacheKeySpec(marked.stream().mapToInt(Integer::intValue).toArray(), paths.toArray(new String[0][]));
    }

    private CacheKeySpec(int[] parameters, String[][] paths) {
        this(null, parameters, paths);
    }

    /** The key for one call. */
    String keyFor(Object target, Object[] args) {
        if (keyMethod != null) {
            try {
                return (String) MethodInvoker.invoke(keyMethod, target, args);
            } catch (Throwable e) {
                throw new HystrixCachingException("cacheKeyMethod " + keyMethod + " failed", e);
            }
        }
        StringBuilder key = new StringBuilder();
        for (int i = 0; i < parameters.length; i++) {
            key.append(read(args[parameters[i]], paths[i]));
        }
        return key.toString();
    }

    private static Object read(Object argument, String[] path) {
        Object current = argument;
        for (String property : path) {
            if (current == null) {
                return null;
            }
            PropertyDescriptor descriptor = BeanUtils.getPropertyDescriptor(current.getClass(), property);
            if (descriptor == null || descriptor.getReadMethod() == null) {
                throw new HystrixCachingException("@CacheKey property '" + property + "' has no getter on "
                        + current.getClass().getName());
            }
            try {
                Method getter = descriptor.getReadMethod();
                getter.setAccessible(true);
                current = getter.invoke(current);
            } catch (ReflectiveOperationException e) {
                throw new HystrixCachingException("@CacheKey property '" + property + "' of "
                        + current.getClass().getName() + " could not be read", e);
            }
        }
        return current;
    }
}
