/**
 * Hystrix's exceptions ({@code HystrixRuntimeException}, {@code HystrixBadRequestException}, ...) as
 * Hystrix code expects them, raised by the bridge.
 */
package com.netflix.hystrix.exception;
