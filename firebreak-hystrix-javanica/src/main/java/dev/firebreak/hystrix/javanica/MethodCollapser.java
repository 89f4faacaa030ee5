package dev.firebreak.hystrix.javanica;

import com.netflix.hystrix.HystrixCollapser;
import com.netflix.hystrix.HystrixCommand;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * A {@code @HystrixCollapser} method run as a bridge {@link HystrixCollapser}: each call is one
 * request; a batch calls the batch method once with the list of arguments and hands out the returned
 * list by position. A batch method that returns a list of another size fails every request of the
 * batch with a message giving both sizes.
 */
final class MethodCollapser extends HystrixCollapser<List<Object>, Object, Object> {

    private final CollapserDefinition definition;
    private final Object target;
    private final Object argument;

    MethodCollapser(CollapserDefinition definition, Object target, Object argument) {
        super(definition.setter());
        this.definition = definition;
        this.target = target;
        this.argument = argument;
    }

    @Override
    public Object getRequestArgument() {
        return argument;
    }

    @Override
    @SuppressWarnings({"unchecked", "rawtypes"})
    protected HystrixCommand<List<Object>> createCommand(Collection<CollapsedRequest<Object, Object>> requests) {
        List<Object> arguments = new ArrayList<>(requests.size());
        for (CollapsedRequest<Object, Object> request : requests) {
            arguments.add(request.getArgument());
        }
        return (HystrixCommand) MethodCommand.of(definition.batch(), target, new Object[] {arguments});
    }

    @Override
    protected void mapResponseToRequests(List<Object> batchResponse, Collection<CollapsedRequest<Object, Object>> requests) {
        if (batchResponse == null || batchResponse.size() != requests.size()) {
            throw new IllegalStateException("collapser '" + definition.collapserKey() + "': batch method "
                    + Methods.describe(definition.batch().method()) + " returned "
                    + (batchResponse == null ? "null" : batchResponse.size() + " results") + " for "
                    + requests.size() + " requests; it must return one result per request, in order");
        }
        int i = 0;
        for (CollapsedRequest<Object, Object> request : requests) {
            request.setResponse(batchResponse.get(i++));
        }
    }
}
