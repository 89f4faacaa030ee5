/**
 * Hystrix's concurrency strategy and request context ({@code HystrixRequestContext},
 * {@code HystrixRequestVariable}), backed by Firebreak's request context.
 */
package com.netflix.hystrix.strategy.concurrency;
