package dev.firebreak.spring.boot.web;

import com.microsoft.playwright.Browser;
import com.microsoft.playwright.BrowserType;
import com.microsoft.playwright.Playwright;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;

/**
 * Headless Debian Chromium driven by Playwright, never a downloaded browser. Without it the browser
 * tests are skipped with the reason printed (install it with {@code apt-get install -y chromium}).
 */
final class Chromium implements AutoCloseable {

    /** The browser ./firebreak test found or installed (its CHROMIUM variable), else Debian's. */
    static final Path EXECUTABLE = Path.of(System.getenv().getOrDefault("CHROMIUM", "/usr/bin/chromium"));

    final Playwright playwright;
    final Browser browser;

    private Chromium(Playwright playwright, Browser browser) {
        this.playwright = playwright;
        this.browser = browser;
    }

    /** A launched browser; skips the test (printing why) when Chromium is not installed. */
    static Chromium launch() {
        if (!Files.isExecutable(EXECUTABLE)) {
            String reason = EXECUTABLE + " is missing: the browser tests need Debian's chromium"
                    + " (apt-get install -y chromium); skipped";
            System.out.println(reason);
            Assumptions.abort(reason);
        }
        Playwright playwright = Playwright.create(new Playwright.CreateOptions()
                .setEnv(Map.of("PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD", "1")));
        try {
            Browser browser = playwright.chromium().launch(new BrowserType.LaunchOptions()
                    .setExecutablePath(EXECUTABLE).setHeadless(true)
                    .setArgs(List.of("--no-sandbox", "--disable-gpu", "--disable-background-networking",
                            "--disable-component-update", "--disable-sync", "--no-first-run")));
            return new Chromium(playwright, browser);
        } catch (RuntimeException failed) {
            playwright.close();
            throw failed;
        }
    }

    @Override
    public void close() {
        try {
            browser.close();
        } finally {
            playwright.close();
        }
    }
}
