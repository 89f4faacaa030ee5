package dev.firebreak.spring.boot.inbound;

import dev.firebreak.context.Criticality;
import org.springframework.web.util.pattern.PathPattern;

/**
 * One entry of {@code firebreak.inbound.paths}: requests whose path (within the application) matches
 * {@code pattern} run under the guard {@code guard}, at most at {@code maxCriticality}.
 *
 * @param pattern the parsed path pattern (Spring's PathPattern syntax)
 * @param guard the guard's name, configured under {@code firebreak.command.<guard>.*}
 * @param maxCriticality the highest level a caller may claim on these paths
 */
public record InboundRoute(PathPattern pattern, String guard, Criticality maxCriticality) {
}
