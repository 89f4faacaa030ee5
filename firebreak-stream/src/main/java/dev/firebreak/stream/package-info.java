/**
 * The hystrix.stream-compatible server-sent event stream of a guard registry and the web dashboard:
 * {@link dev.firebreak.stream.StreamServer} serves both on a small HTTP server of its own, and
 * {@link dev.firebreak.stream.StreamFeed} writes the same frames to any other server.
 */
package dev.firebreak.stream;
