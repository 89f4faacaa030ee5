/**
 * The hystrix.stream-compatible event stream and the web dashboard, served by a small HTTP front end of
 * the module's own; {@link dev.firebreak.stream.StreamFeed} writes the same events onto any other server,
 * and {@link dev.firebreak.stream.AggregateServer} merges a fleet's streams into one, as Turbine did.
 */
module dev.firebreak.stream {
    requires transitive dev.firebreak.core;
    // The front end implements the JDK's HttpExchange/HttpHandler over its own sockets; none of those
    // types appear in this module's API.
    requires jdk.httpserver;
    // The aggregate (Turbine's role) reads each instance's stream with the JDK's HTTP client.
    requires java.net.http;

    exports dev.firebreak.stream;
}
