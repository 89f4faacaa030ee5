package dev.firebreak.samples.passthrough;

import com.microsoft.playwright.Browser;
import com.microsoft.playwright.BrowserType;
import com.microsoft.playwright.Playwright;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Headless Chromium from the system (CHROMIUM, else Debian's /usr/bin/chromium) driven by Playwright,
 * never a downloaded browser; a machine without it fails the test rather than skipping it
 * ({@code ./firebreak test} installs it when missing), as the stream module's dashboard test does.
 */
final class Chromium {

    static final Path EXECUTABLE = Path.of(System.getenv().getOrDefault("CHROMIUM", "/usr/bin/chromium"));

    private Chromium() {
    }

    static Playwright playwright() {
        if (!Files.isExecutable(EXECUTABLE)) {
            throw new AssertionError(EXECUTABLE + " is missing: the dashboard test needs Debian's chromium "
                    + "(apt-get update && apt-get install -y chromium)");
        }
        return Playwright.create(new Playwright.CreateOptions().setEnv(Map.of("PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD", "1")));
    }

    static Browser launch(Playwright playwright) {
        return playwright.chromium().launch(new BrowserType.LaunchOptions()
                .setExecutablePath(EXECUTABLE)
                .setHeadless(true)
                .setArgs(List.of("--no-sandbox", "--disable-gpu", "--disable-background-networking",
                        "--disable-component-update", "--disable-sync", "--no-first-run")));
    }
}
