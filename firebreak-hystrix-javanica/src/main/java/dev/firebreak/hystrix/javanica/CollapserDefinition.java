package dev.firebreak.hystrix.javanica;

import com.netflix.hystrix.HystrixCollapser.Setter;
import com.netflix.hystrix.HystrixCollapserKey;
import com.netflix.hystrix.contrib.javanica.annotation.HystrixCollapser;
import com.netflix.hystrix.contrib.javanica.annotation.HystrixCommand;
import com.netflix.hystrix.contrib.javanica.annotation.HystrixProperty;
import java.lang.reflect.Method;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.core.ResolvableType;
import org.springframework.util.ClassUtils;

/**
 * One {@code @HystrixCollapser} method, resolved when the application starts: its key (the method's
 * name unless given), scope, properties and batch command. The rules are javanica's: the collapser
 * method takes one argument {@code A}; the batch method is a {@code @HystrixCommand} method of the
 * same class taking {@code List<A>} and returning {@code List<R>}, where {@code R} is what the
 * collapser method returns (itself, or inside its {@code Future} or {@code Observable}).
 *
 * @param method the collapser method
 * @param kind how the collapser method returns
 * @param collapserKey the collapser key
 * @param batch the batch command
 * @param setter the bridge collapser's setter
 */
record CollapserDefinition(Method method, ExecutionKind kind, String collapserKey, CommandDefinition batch, Setter setter) {

    static CollapserDefinition build(Class<?> targetClass, Method method, String where) {
        HystrixCollapser collapser = method.getAnnotation(HystrixCollapser.class);
        String at = where + ", collapser " + Methods.describe(method);
        if (method.isAnnotationPresent(HystrixCommand.class)) {
            throw new IllegalStateException(at + ": a method cannot carry both @HystrixCommand and @HystrixCollapser");
        }
        if (method.getParameterCount() != 1) {
            throw new IllegalStateException(at + ": a collapser method takes exactly one argument, it takes "
                    + method.getParameterCount());
        }
        Method batchMethod = Methods.find(targetClass, collapser.batchMethod(), List.class);
        String expected = "a @HystrixCommand method List<" + ClassUtils.resolvePrimitiveIfNecessary(method.getParameterTypes()[0]).getSimpleName()
                + "> " + collapser.batchMethod() + "(List<" + ClassUtils.resolvePrimitiveIfNecessary(method.getParameterTypes()[0]).getSimpleName() + ">)";
        if (batchMethod == null) {
            throw new IllegalStateException(at + ": batchMethod '" + collapser.batchMethod() + "' was not found; expected "
                    + expected + " in " + targetClass.getName());
        }
        if (!batchMethod.isAnnotationPresent(HystrixCommand.class)) {
            throw new IllegalStateException(at + ": batch method " + Methods.describe(batchMethod)
                    + " must be annotated with @HystrixCommand");
        }
        ResolvableType argument = ResolvableType.forMethodParameter(batchMethod, 0, targetClass).as(List.class).getGeneric(0);
        Class<?> collapsedArgument = ClassUtils.resolvePrimitiveIfNecessary(method.getParameterTypes()[0]);
        if (argument.resolve() != null && argument.resolve() != collapsedArgument) {
            throw new IllegalStateException(at + ": batch method " + Methods.describe(batchMethod) + " must take List<"
                    + collapsedArgument.getSimpleName() + ">, it takes " + ResolvableType.forMethodParameter(batchMethod, 0));
        }
        ResolvableType batchValues = ResolvableType.forMethodReturnType(batchMethod, targetClass).as(List.class);
        ResolvableType collapsedValue = ExecutionKind.valueType(method, targetClass);
        if (batchValues == ResolvableType.NONE || (batchValues.getGeneric(0).resolve() != null
                && !collapsedValue.isAssignableFrom(batchValues.getGeneric(0)))) {
            throw new IllegalStateException(at + ": batch method " + Methods.describe(batchMethod) + " must return List<"
                    + collapsedValue + ">, it returns " + ResolvableType.forMethodReturnType(batchMethod, targetClass));
        }
        String key = collapser.collapserKey().isBlank() ? method.getName() : collapser.collapserKey();
        Setter setter = Setter.withCollapserKey(HystrixCollapserKey.Factory.asKey(key)).andScope(collapser.scope());
        Map<String, String> properties = new LinkedHashMap<>();
        for (HystrixProperty p : collapser.collapserProperties()) {
            properties.put(p.name(), p.value());
        }
        if (!properties.isEmpty()) {
            setter.andCollapserPropertiesDefaults(PropertyTables.collapser(properties, at));
        }
        return new CollapserDefinition(method, ExecutionKind.of(method.getReturnType()), key,
                CommandDefinition.build(targetClass, batchMethod, where), setter);
    }
}
