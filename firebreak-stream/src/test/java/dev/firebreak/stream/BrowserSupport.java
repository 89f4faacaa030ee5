package dev.firebreak.stream;

import com.microsoft.playwright.Browser;
import com.microsoft.playwright.BrowserType;
import com.microsoft.playwright.Playwright;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Headless Debian Chromium driven by Playwright, never a downloaded browser. A machine without
 * /usr/bin/chromium fails the test (it must not be skipped): install it with
 * {@code apt-get install -y chromium}.
 */
final class BrowserSupport {

    /** The browser ./firebreak test found or installed (its CHROMIUM variable), else Debian's. */
    static final Path CHROMIUM = Path.of(System.getenv().getOrDefault("CHROMIUM", "/usr/bin/chromium"));

    private BrowserSupport() {
    }

    static Playwright playwright() {
        if (!Files.isExecutable(CHROMIUM)) {
            throw new AssertionError(CHROMIUM + " is missing: the dashboard tests need Debian's chromium "
                    + "(apt-get update && apt-get install -y chromium)");
        }
        return Playwright.create(new Playwright.CreateOptions().setEnv(Map.of("PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD", "1")));
    }

    static Browser chromium(Playwright playwright) {
        return playwright.chromium().launch(new BrowserType.LaunchOptions()
                .setExecutablePath(CHROMIUM)
                .setHeadless(true)
                .setArgs(List.of("--no-sandbox", "--disable-gpu", "--disable-background-networking",
                        "--disable-component-update", "--disable-sync", "--no-first-run")));
    }
}
