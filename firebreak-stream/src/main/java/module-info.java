/**
 * The hystrix.stream-compatible event stream and the web dashboard, served by the JDK's own HTTP server;
 * {@link dev.firebreak.stream.StreamFeed} writes the same events onto any other server.
 */
module dev.firebreak.stream {
    requires transitive dev.firebreak.core;
    // The embedded server; none of its types appear in this module's API.
    requires jdk.httpserver;

    exports dev.firebreak.stream;
}
