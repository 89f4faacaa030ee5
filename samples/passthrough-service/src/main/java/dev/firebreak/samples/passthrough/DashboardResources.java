package dev.firebreak.samples.passthrough;

/**
 * Where the sample serves Firebreak's dashboard page (from the firebreak-stream jar) on its own port:
 * {@code /dashboard/index.html?stream=/actuator/hystrix.stream} watches the service's own stream.
 */
public final class DashboardResources {

    /** The URL pattern of the page and its scripts. */
    public static final String PATTERN = "/dashboard/**";

    /** The page's files inside the firebreak-stream jar. */
    public static final String LOCATION = "classpath:/dev/firebreak/stream/dashboard/";

    private DashboardResources() {
    }
}
