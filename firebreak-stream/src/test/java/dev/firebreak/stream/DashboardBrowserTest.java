package dev.firebreak.stream;

import static org.assertj.core.api.Assertions.assertThat;

import com.microsoft.playwright.Browser;
import com.microsoft.playwright.Locator;
import com.microsoft.playwright.Page;
import com.microsoft.playwright.Playwright;
import com.microsoft.playwright.assertions.LocatorAssertions;
import com.microsoft.playwright.assertions.PlaywrightAssertions;
import dev.firebreak.Guard;
import dev.firebreak.GuardRegistry;
import dev.firebreak.Isolation;
import dev.firebreak.breaker.CircuitState;
import dev.firebreak.collapse.Collapser;
import dev.firebreak.collapse.CollapserRegistry;
import dev.firebreak.collapse.DispatchStrategy;
import dev.firebreak.collapse.ResponseMapping;
import dev.firebreak.hedge.Hedge;
import dev.firebreak.hedge.Idempotent;
import dev.firebreak.ratelimit.RateLimitConfig;
import dev.firebreak.retry.Jitter;
import dev.firebreak.retry.Retry;
import dev.firebreak.time.Cancellable;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * The dashboard in real headless Chromium against guards under load on the real clock: cards appear,
 * a breaker that opens is shown open within 2 s, hostile names are shown as text, the aggregation
 * module merges like Turbine, several instances' streams are watched at once, and retry and hedging
 * policies have cards of their own.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class DashboardBrowserTest {

    static final String HOSTILE = "<img src=x onerror=alert(1)>";
    static final Path SCREENSHOT = Path.of("target/dashboard.png");

    private Playwright playwright;
    private Browser browser;
    private final List<AutoCloseable> resources = new ArrayList<>();

    @BeforeAll
    void launch() {
        PlaywrightAssertions.setDefaultAssertionTimeout(10_000); // a bounded wait for each expectation
        playwright = BrowserSupport.playwright();
        browser = BrowserSupport.chromium(playwright);
    }

    @AfterAll
    void quit() {
        browser.close();
        playwright.close();
    }

    @AfterEach
    void release() throws Exception {
        for (AutoCloseable resource : resources.reversed()) {
            resource.close();
        }
        resources.clear();
    }

    @Test
    void showsGuardsPoolsAndCollapsersLiveAnOpenBreakerWithin2sAndHostileNamesAsText() throws Exception {
        GuardRegistry registry = GuardRegistry.builder().build(); // the real clock: a live demo
        Guard healthy = registry.guard("catalog.lookup").group("catalog").isolation(Isolation.semaphore(20)).build();
        Guard hostile = registry.guard(HOSTILE).group(HOSTILE).isolation(Isolation.semaphore(20)).build();
        AtomicBoolean failing = new AtomicBoolean();
        Guard flaky = registry.guard("inventory.reserve").isolation(Isolation.semaphore(20))
                .configure(c -> c.breaker(cb -> cb.requestVolumeThreshold(5).sleepWindow(Duration.ofMillis(60_000))))
                .build();
        Guard pooled = registry.guard("pricing.quote").pool("pricing").isolation(Isolation.threadPool()).build();
        Guard batch = registry.guard("stock.batch").isolation(Isolation.semaphore(20)).build();
        Collapser<Integer, Integer> collapser = CollapserRegistry.of(registry).<Integer, Integer>collapser("stock.levels")
                .through(batch)
                .batchAsync(args -> CompletableFuture.completedFuture(args), ResponseMapping.inOrder())
                .configure(c -> c.dispatchStrategy(DispatchStrategy.LOAD_AWARE).loadAwareLingerInMicroseconds(0))
                .build();
        resources.add(load(registry, () -> {
            healthy.execute(() -> 1, f -> 0);
            hostile.execute(() -> 1, f -> 0);
            flaky.execute(() -> {
                if (failing.get()) {
                    throw new IllegalStateException("inventory down");
                }
                return 1;
            }, f -> 0);
            pooled.submit(() -> 1);
            collapser.submit(7);
        }));
        StreamServer server = StreamServer.builder(registry).port(0).build().start();
        resources.add(server);

        Page page = browser.newPage(new Browser.NewPageOptions().setViewportSize(1280, 860));
        resources.add(page::close);
        List<String> dialogs = new CopyOnWriteArrayList<>();
        page.onDialog(dialog -> {
            dialogs.add(dialog.message());
            dialog.dismiss();
        });
        page.navigate(server.dashboardUri().toString());

        Locator healthyBreaker = card(page, "HystrixCommand", "catalog.lookup").locator(".breaker");
        PlaywrightAssertions.assertThat(healthyBreaker).hasText("CLOSED");
        PlaywrightAssertions.assertThat(card(page, "HystrixThreadPool", "pricing")).isVisible();
        PlaywrightAssertions.assertThat(card(page, "HystrixCollapser", "stock.levels")).isVisible();

        // the hostile name is shown as its characters; nothing it names is parsed as markup
        Locator hostileTitle = card(page, "HystrixCommand", HOSTILE).locator("h3");
        PlaywrightAssertions.assertThat(hostileTitle).hasText(HOSTILE);
        assertThat(page.locator("img").count()).isZero();

        // the breaker opens: the dashboard shows it within 2 s
        CountDownLatch opened = new CountDownLatch(1);
        flaky.controls().circuitBreaker().addStateListener((from, to, at) -> {
            if (to == CircuitState.OPEN) {
                opened.countDown();
            }
        });
        failing.set(true);
        assertThat(opened.await(10, TimeUnit.SECONDS)).as("the breaker opened").isTrue();
        Locator flakyBreaker = card(page, "HystrixCommand", "inventory.reserve").locator(".breaker");
        PlaywrightAssertions.assertThat(flakyBreaker).hasText("OPEN", timeout(2_000));
        PlaywrightAssertions.assertThat(card(page, "HystrixCommand", "inventory.reserve")).hasClass("card is-open");

        // let the sparklines draw a few points, then keep a picture for docs/dashboard.png
        PlaywrightAssertions.assertThat(card(page, "HystrixCommand", "catalog.lookup").locator(".spark polyline"))
                .hasAttribute("points", java.util.regex.Pattern.compile("\\S+ \\S+ \\S+"));
        page.screenshot(new Page.ScreenshotOptions().setPath(SCREENSHOT).setFullPage(true));
        assertThat(dialogs).as("no script ran from a name").isEmpty();
    }

    @Test
    void rateLimitedCallsAreShownAsSuchNotAsRejections() throws Exception {
        GuardRegistry registry = GuardRegistry.builder().build();
        Guard limited = registry.guard("quota.check").isolation(Isolation.semaphore(20))
                .rateLimit(RateLimitConfig.builder().enabled(true).permitsPerSecond(1).burst(1).build()).build();
        resources.add(load(registry, () -> limited.execute(() -> 1, f -> 0))); // 50 calls a second, 1 admitted
        StreamServer server = StreamServer.builder(registry).port(0).build().start();
        resources.add(server);

        Page page = browser.newPage();
        resources.add(page::close);
        page.navigate(server.dashboardUri().toString());
        Locator quota = card(page, "HystrixCommand", "quota.check");
        PlaywrightAssertions.assertThat(figure(quota, "Rate-limited")).hasText(java.util.regex.Pattern.compile("[1-9]\\d*"));
        PlaywrightAssertions.assertThat(figure(quota, "Rate-limited")).hasClass("bad");
        PlaywrightAssertions.assertThat(figure(quota, "Rejected")).hasText("0");
    }

    @Test
    void retryAndHedgingPoliciesHaveCardsWithTheirBudgets() throws Exception {
        GuardRegistry registry = GuardRegistry.builder().build();
        Guard users = registry.guard("users").isolation(Isolation.semaphore(20))
                .configure(c -> c.breaker(b -> b.enabled(false))).build();
        Retry retry = Retry.named("users-retry").through(users)
                .configure(c -> c.maxAttempts(3).jitter(Jitter.NONE).budget(10, 1)
                        .backoff(Duration.ofMillis(1), Duration.ofMillis(2), 2))
                .build();
        Guard profiles = registry.guard("profiles").isolation(Isolation.semaphore(20)).build();
        Hedge hedge = Hedge.named("profiles-hedge").through(profiles)
                .configure(c -> c.fixedDelay(Duration.ofMillis(5)).maxHedges(1)).build();
        resources.add(load(registry, () -> {
            retry.submit(() -> {
                throw new IllegalStateException("users down"); // every attempt fails: the budget runs out
            });
            hedge.submitAsync(Idempotent.stage(() -> CompletableFuture.supplyAsync(() -> "slow",
                    CompletableFuture.delayedExecutor(30, TimeUnit.MILLISECONDS))), null);
        }));
        StreamServer server = StreamServer.builder(registry).port(0).build().start();
        resources.add(server);

        Page page = browser.newPage();
        resources.add(page::close);
        page.navigate(server.dashboardUri().toString());
        Locator retryCard = card(page, "FirebreakRetry", "users-retry");
        PlaywrightAssertions.assertThat(retryCard.locator(".sub")).containsText("guard users");
        PlaywrightAssertions.assertThat(figure(retryCard, "Retried")).hasText(java.util.regex.Pattern.compile("[1-9]\\d*"));
        PlaywrightAssertions.assertThat(figure(retryCard, "Budget exhausted")).hasClass("bad");
        PlaywrightAssertions.assertThat(figure(retryCard, "Max attempts")).hasText("3");
        PlaywrightAssertions.assertThat(figure(retryCard, "Budget used")).hasText(java.util.regex.Pattern.compile("\\d+ / \\d+"));
        PlaywrightAssertions.assertThat(figure(retryCard, "Calls/s")).hasText(java.util.regex.Pattern.compile("[1-9][\\d.]*"));

        Locator hedgeCard = card(page, "FirebreakHedge", "profiles-hedge");
        PlaywrightAssertions.assertThat(hedgeCard.locator(".sub")).containsText("guard profiles");
        PlaywrightAssertions.assertThat(figure(hedgeCard, "Hedged")).hasText(java.util.regex.Pattern.compile("[1-9]\\d*"));
        PlaywrightAssertions.assertThat(figure(hedgeCard, "Delay ms")).hasText("5");
        assertThat(page.locator("#guards article.card").count()).as("policies are not guards").isEqualTo(2);
    }

    @Test
    void aggregatesSeveralInstancesStreamsAtOnce() throws Exception {
        GuardRegistry first = GuardRegistry.builder().build();
        GuardRegistry second = GuardRegistry.builder().build();
        Guard a = first.guard("shared").isolation(Isolation.semaphore(5)).build();
        Guard b = second.guard("shared").isolation(Isolation.semaphore(5))
                .configure(c -> c.breaker(cb -> cb.forceOpen(true))).build();
        resources.add(load(first, () -> a.execute(() -> 1, f -> 0)));
        resources.add(load(second, () -> b.execute(() -> 1, f -> 0)));
        StreamServer one = StreamServer.builder(first).port(0).build().start();
        resources.add(one);
        String origin = "http://127.0.0.1:" + one.port();
        StreamServer two = StreamServer.builder(second).port(0).allowOrigins(origin).build().start();
        resources.add(two);

        Page page = browser.newPage();
        resources.add(page::close);
        page.navigate(one.dashboardUri() + "?stream=" + one.streamUri() + "&stream=" + two.streamUri());
        Locator shared = card(page, "HystrixCommand", "shared");
        PlaywrightAssertions.assertThat(shared.locator(".breaker")).hasText("OPEN 1/2");
        PlaywrightAssertions.assertThat(shared.locator(".sub")).containsText("2 hosts");
        PlaywrightAssertions.assertThat(page.locator("#sources li")).hasCount(2);

        // one instance goes away: its figures leave the totals
        two.close();
        PlaywrightAssertions.assertThat(shared.locator(".breaker")).hasText("CLOSED");
        PlaywrightAssertions.assertThat(shared.locator(".sub")).containsText("1 host");
    }

    @Test
    void theAggregationModuleMergesLikeTurbine() throws Exception {
        try (StreamFixture fixture = new StreamFixture()) {
            Page page = browser.newPage();
            resources.add(page::close);
            page.navigate(fixture.server.dashboardUri().toString());
            String json = (String) page.evaluate("""
                    () => {
                      const fleet = FirebreakAggregate.create();
                      const base = { type: "HystrixCommand", name: "g", group: "shop", requestCount: 10,
                                     errorCount: 2, isCircuitBreakerOpen: false, currentTime: 1000,
                                     latencyExecute: { "50": 4, "99.5": 10 }, ratio: 0.5 };
                      fleet.accept("a", base, 0);
                      fleet.accept("b", Object.assign({}, base, { requestCount: 30, errorCount: 1, reportingHosts: 1,
                          isCircuitBreakerOpen: true, currentTime: 3000, latencyExecute: { "50": 6, "99.5": 20 } }), 0);
                      fleet.accept("c", Object.assign({}, base, { name: "other" }), 0);
                      fleet.accept("a", { type: "HystrixThreadPool" }, 0);        // no name: ignored
                      const merged = fleet.snapshot();
                      fleet.accept("c", { type: "HystrixCommand", name: "other", deleteData: "true" }, 0);
                      const afterTombstone = fleet.snapshot().length;
                      fleet.removeSource("b");
                      const afterRemove = fleet.snapshot()[0];
                      fleet.accept("b", base, 10000);
                      fleet.expire(10000, 5000);
                      const afterExpire = fleet.sources("HystrixCommand", "g");
                      const figures = FirebreakAggregate.commandFigures(merged[0]);
                      return JSON.stringify({ merged, afterTombstone, afterRemove, afterExpire,
                          rate: figures.ratePerSecond, openHosts: figures.openHosts, errors: figures.errorPercentage });
                    }
                    """);
            Map<String, Object> result = MiniJson.object(json);
            @SuppressWarnings("unchecked")
            List<Map<String, Object>> merged = (List<Map<String, Object>>) (List<?>) result.get("merged");
            assertThat(merged).hasSize(2);
            Map<String, Object> g = merged.getFirst();
            assertThat(g.get("name")).isEqualTo("g");
            assertThat(g.get("reportingHosts")).isEqualTo(2L);
            assertThat(g.get("requestCount")).isEqualTo(40L);
            assertThat(g.get("errorCount")).isEqualTo(3L);
            assertThat(g.get("group")).isEqualTo("shop");
            assertThat(g.get("isCircuitBreakerOpen")).isEqualTo(Map.of("false", 1L, "true", 1L));
            assertThat(g.get("currentTime")).isEqualTo(3000L);
            assertThat(g.get("latencyExecute")).isEqualTo(Map.of("50", 10L, "99.5", 30L));
            assertThat(g.get("ratio")).as("a non-integer is not summed").isEqualTo(0.5);
            assertThat(merged.get(1).get("name")).isEqualTo("other");
            assertThat(result.get("afterTombstone")).isEqualTo(1L);
            @SuppressWarnings("unchecked")
            Map<String, Object> afterRemove = (Map<String, Object>) result.get("afterRemove");
            assertThat(afterRemove.get("reportingHosts")).isEqualTo(1L);
            assertThat(afterRemove.get("isCircuitBreakerOpen")).isEqualTo(false);
            assertThat(result.get("afterExpire")).isEqualTo(List.of("b"));
            assertThat(result.get("openHosts")).isEqualTo(1L);
            assertThat(result.get("errors")).isEqualTo(7L); // 3 * 100 / 40, truncated
            assertThat(((Number) result.get("rate")).doubleValue()).isEqualTo(4.0); // 40 requests over 10 s
        }
    }

    private static Locator card(Page page, String type, String name) {
        return page.locator("article.card[data-type=\"" + type + "\"]")
                .filter(new Locator.FilterOptions().setHas(page.locator("h3").getByText(name, new Locator.GetByTextOptions().setExact(true))));
    }

    /** The value of the figure titled {@code title} on {@code card}. */
    private static Locator figure(Locator card, String title) {
        return card.locator("xpath=.//dt[text()='" + title + "']/following-sibling::dd");
    }

    private static LocatorAssertions.HasTextOptions timeout(double millis) {
        return new LocatorAssertions.HasTextOptions().setTimeout(millis);
    }

    /** Runs {@code calls} every 20 ms on the registry's scheduler until closed. */
    private static AutoCloseable load(GuardRegistry registry, Runnable calls) {
        AtomicBoolean stopped = new AtomicBoolean();
        AtomicReferenceHolder next = new AtomicReferenceHolder();
        Runnable[] step = new Runnable[1];
        step[0] = () -> {
            if (stopped.get()) {
                return;
            }
            try {
                calls.run();
            } finally {
                next.set(registry.scheduler().schedule(TimeUnit.MILLISECONDS.toNanos(20), step[0]));
            }
        };
        next.set(registry.scheduler().schedule(0, step[0]));
        return () -> {
            stopped.set(true);
            next.get().cancel();
        };
    }

    private static final class AtomicReferenceHolder extends java.util.concurrent.atomic.AtomicReference<Cancellable> {
        private static final long serialVersionUID = 1L;
    }
}
