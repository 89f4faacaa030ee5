/**
 * The request context: {@code try (var ctx = RequestContext.open()) { ... }} carries a request cache
 * and a request log to every place a guarded call or a collapsed request goes (guard thread pools,
 * virtual threads, the timer thread, stage callbacks), without anyone setting a ThreadLocal by hand.
 */
package dev.firebreak.context;
