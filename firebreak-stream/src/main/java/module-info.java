/**
 * The hystrix.stream-compatible event stream and the web dashboard, served by a small HTTP front end of
 * the module's own; {@link dev.firebreak.stream.StreamFeed} writes the same events onto any other server.
 */
module dev.firebreak.stream {
    requires transitive dev.firebreak.core;
    // The front end implements the JDK's HttpExchange/HttpHandler over its own sockets; none of those
    // types appear in this module's API.
    requires jdk.httpserver;

    exports dev.firebreak.stream;
}
