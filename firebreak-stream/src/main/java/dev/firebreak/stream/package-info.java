/**
 * The hystrix.stream-compatible server-sent event stream of a guard registry and the web dashboard:
 * {@link dev.firebreak.stream.StreamServer} serves both on the JDK's HTTP server, and
 * {@link dev.firebreak.stream.StreamFeed} writes the same frames to any other server.
 */
package dev.firebreak.stream;
