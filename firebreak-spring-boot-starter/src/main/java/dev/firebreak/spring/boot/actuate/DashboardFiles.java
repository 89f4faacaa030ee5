package dev.firebreak.spring.boot.actuate;

import dev.firebreak.stream.DashboardAssets;
import java.util.Map;

/** Where both web stacks serve the dashboard, and the headers every file of it is sent with. */
final class DashboardFiles {

    /** The page's directory under the actuator's base path. */
    static final String DIRECTORY = "firebreak-dashboard";

    /** As firebreak-stream's own server sends them: scripts and styles of the page only, no framing. */
    static final Map<String, String> HEADERS = Map.of(
            "Content-Security-Policy", DashboardAssets.CONTENT_SECURITY_POLICY,
            "X-Content-Type-Options", "nosniff",
            "X-Frame-Options", "DENY",
            "Referrer-Policy", "no-referrer",
            "Cache-Control", "no-cache");

    private DashboardFiles() {
    }
}
