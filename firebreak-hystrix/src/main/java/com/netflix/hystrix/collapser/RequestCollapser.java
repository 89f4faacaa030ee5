package com.netflix.hystrix.collapser;

import com.netflix.hystrix.HystrixCollapserKey;

/**
 * The requests of one collapser key in one request, as {@link RequestCollapserFactory#getRequestVariable}
 * hands them out. In the bridge the gathering itself is done by the key's Firebreak collapser, whose
 * request-scoped batches live in the Firebreak request context; this names the key they belong to.
 *
 * @param <BatchReturnType> the batch command's response
 * @param <ResponseType> one request's response
 * @param <RequestArgumentType> one request's argument
 */
public class RequestCollapser<BatchReturnType, ResponseType, RequestArgumentType> {

    private final HystrixCollapserKey collapserKey;

    RequestCollapser(HystrixCollapserKey collapserKey) {
        this.collapserKey = collapserKey;
    }

    /** The collapser key whose requests these are. */
    public HystrixCollapserKey getCollapserKey() {
        return collapserKey;
    }

    @Override
    public String toString() {
        return "RequestCollapser[" + collapserKey.name() + "]";
    }
}
