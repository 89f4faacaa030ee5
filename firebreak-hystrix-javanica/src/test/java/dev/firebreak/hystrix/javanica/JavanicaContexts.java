package dev.firebreak.hystrix.javanica;

import com.netflix.hystrix.Hystrix;
import com.netflix.hystrix.HystrixInvokableInfo;
import com.netflix.hystrix.HystrixRequestLog;
import java.util.List;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/** A plain Spring context (no web server) with the module's auto-configuration, and request-log helpers. */
final class JavanicaContexts {

    private JavanicaContexts() {
    }

    /** A runner with the auto-configuration on a fresh bridge (every command key forgotten). */
    static ApplicationContextRunner runner() {
        Hystrix.reset();
        return new ApplicationContextRunner()
                .withConfiguration(AutoConfigurations.of(HystrixJavanicaAutoConfiguration.class));
    }

    /** The commands the current request ran, in start order. */
    static List<HystrixInvokableInfo<?>> executed() {
        return List.copyOf(HystrixRequestLog.getCurrentRequest().getAllExecutedCommands());
    }

    /** The one command of {@code commandKey} the current request ran. */
    static HystrixInvokableInfo<?> command(String commandKey) {
        return executed().stream().filter(c -> c.getCommandKey().name().equals(commandKey)).findFirst()
                .orElseThrow(() -> new AssertionError("no command " + commandKey + " in " + executed()));
    }
}
