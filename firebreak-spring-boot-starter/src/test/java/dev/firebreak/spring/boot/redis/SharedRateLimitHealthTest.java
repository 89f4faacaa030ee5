package dev.firebreak.spring.boot.redis;

import static org.assertj.core.api.Assertions.assertThat;

import dev.firebreak.redis.server.RedisServer;
import dev.firebreak.redis.SharedRateLimit;
import dev.firebreak.spring.boot.actuate.SharedRateLimitHealthIndicator;
import dev.firebreak.testkit.Await;
import dev.firebreak.time.Ticker;
import io.lettuce.core.RedisClient;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.resource.ClientResources;
import io.lettuce.core.resource.Delay;
import io.micrometer.core.instrument.MeterRegistry;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.Status;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.core.env.Environment;

/**
 * An application with a {@link SharedRateLimit} bean, on a real Redis server (Debian's package, on a
 * loopback port) and on the Lettuce Spring Boot manages (this module's tests run on it, not on the one
 * firebreak-redis is built with): the starter reports the limit in health ({@code RATE_LIMIT_LOCAL} while
 * Redis is away, {@code UP} again when it is back) and binds its meters.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class SharedRateLimitHealthTest {

    @TempDir
    Path dir;

    @Test
    void healthAndMetersFollowTheLimitAwayFromRedisAndBack() throws Exception {
        try (RedisServer server = RedisServer.start(dir);
                ConfigurableApplicationContext app = new SpringApplicationBuilder(QuotaApplication.class)
                        .web(WebApplicationType.NONE)
                        .run("--redis.uri=" + server.uri(), "--spring.main.banner-mode=off")) {
            SharedRateLimit limit = app.getBean(SharedRateLimit.class);
            SharedRateLimitHealthIndicator health = app.getBean(SharedRateLimitHealthIndicator.class);
            MeterRegistry meters = app.getBean(MeterRegistry.class);
            Await.until("a first lease", () -> limit.status().leasedTokens() > 0);
            assertThat(health.health().getStatus()).isEqualTo(Status.UP);
            assertThat(details(health.health())).containsEntry("mode", "SHARED").containsEntry("instances", 1);
            assertThat(meters.get("firebreak.ratelimit.shared.mode").tag("name", "partner").tag("mode", "shared").gauge()
                    .value()).isEqualTo(1.0);

            server.stop();
            Await.until("the limit away from Redis", () -> {
                limit.enter(Ticker.system().read());
                return health.health().getStatus().equals(SharedRateLimitHealthIndicator.RATE_LIMIT_LOCAL);
            });
            assertThat(details(health.health())).containsEntry("mode", "LOCAL_SHARE").containsKey("lastFailure");
            assertThat(meters.get("firebreak.ratelimit.shared.mode").tag("name", "partner").tag("mode", "local_share")
                    .gauge().value()).isEqualTo(1.0);

            server.restart();
            Await.until("the limit back on Redis", () -> {
                limit.enter(Ticker.system().read());
                return health.health().getStatus().equals(Status.UP);
            });
            System.err.println("shared limit health on Lettuce " + io.lettuce.core.RedisClient.class.getPackage()
                    .getImplementationVersion() + ": " + health.health());
        }
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> details(Health health) {
        return (Map<String, Object>) ((Map<String, Object>) health.getDetails().get("sharedRateLimits")).get("partner");
    }

    /** An application sharing one rate limit on the Redis its property names. */
    @SpringBootConfiguration
    @EnableAutoConfiguration
    static class QuotaApplication {

        /** Reconnects every 100 ms while Redis is away (Lettuce's default backoff grows to 30 s). */
        @Bean(destroyMethod = "shutdown")
        ClientResources redisResources() {
            return ClientResources.builder().reconnectDelay(Delay.constant(Duration.ofMillis(100))).build();
        }

        @Bean(destroyMethod = "shutdown")
        RedisClient redisClient(ClientResources resources, Environment environment) {
            return RedisClient.create(resources, environment.getRequiredProperty("redis.uri"));
        }

        @Bean(destroyMethod = "close")
        StatefulRedisConnection<String, String> redisConnection(RedisClient client) {
            return client.connect();
        }

        @Bean(destroyMethod = "close")
        SharedRateLimit partnerLimit(StatefulRedisConnection<String, String> connection) {
            return SharedRateLimit.builder(connection, "partner").permitsPerSecond(300).build();
        }
    }
}
