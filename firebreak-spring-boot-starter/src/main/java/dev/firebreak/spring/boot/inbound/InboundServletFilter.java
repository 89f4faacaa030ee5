package dev.firebreak.spring.boot.inbound;

import dev.firebreak.Guard;
import dev.firebreak.GuardException;
import dev.firebreak.context.Criticality;
import dev.firebreak.context.RequestContext;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.springframework.core.Ordered;
import org.springframework.http.server.PathContainer;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * The Servlet stack's inbound protection ({@code firebreak.inbound.enabled}): each request's level is read
 * from the criticality header, capped at its path's {@code max-criticality}, and made current for the
 * handler (the request's {@link RequestContext}, opened here if none is current, and a
 * {@link Criticality} scope on the request's thread); a request whose path matches a route runs through
 * the route's guard, the filter chain being the guarded call, on the request's thread. A refusal is
 * answered 429 or 503 with {@code Retry-After} before the handler runs; the handler's own answer and
 * exceptions pass through unchanged (see {@link HandlerOutcome} for what counts as a failure).
 *
 * <p>An asynchronous request (a {@code DeferredResult}, a {@code Callable}) is guarded until its handler
 * returns, not until the async part ends.
 */
public final class InboundServletFilter extends OncePerRequestFilter implements Ordered {

    /**
     * After Boot's server observation filter (so refusals are observed), before Spring Security's filter
     * chain (-100), so a refused request costs no authentication.
     */
    public static final int ORDER = Ordered.HIGHEST_PRECEDENCE + 100;

    private final InboundGuards inbound;

    /** A filter over {@code inbound}'s routes and guards. */
    public InboundServletFilter(InboundGuards inbound) {
        this.inbound = inbound;
    }

    @Override
    public int getOrder() {
        return ORDER;
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        String uri = request.getRequestURI();
        String path = uri.substring(Math.min(uri.length(), request.getContextPath().length()));
        InboundRoute route = inbound.match(PathContainer.parsePath(path));
        Criticality level = inbound.level(route, request.getHeader(inbound.settings().header()));
        RequestContext current = RequestContext.currentOrNull();
        RequestContext context = current != null ? current : RequestContext.open();
        Criticality before = context.criticality();
        context.criticality(level);
        Criticality scoped = Criticality.swap(level);
        try {
            if (route == null) {
                chain.doFilter(request, response);
            } else {
                guarded(inbound.guard(route.guard()), request, response, chain);
            }
        } finally {
            Criticality.swap(scoped);
            if (current == null) {
                context.close();
            } else {
                context.criticality(before);
            }
        }
    }

    private void guarded(Guard guard, HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        HandlerOutcome outcome = new HandlerOutcome();
        try {
            guard.execute(() -> {
                outcome.ran = true;
                try {
                    chain.doFilter(request, response);
                } catch (IOException | ServletException | RuntimeException | Error thrown) {
                    outcome.thrown = thrown;
                    if (HandlerOutcome.clientError(thrown)) {
                        return null;
                    }
                    throw thrown;
                }
                if (HandlerOutcome.serverError(response.getStatus())) {
                    throw new HandlerOutcome.ServerErrorStatus(response.getStatus());
                }
                return null;
            });
        } catch (GuardException refused) {
            if (!outcome.ran) {
                answer(response, inbound.refusal(guard, refused));
                return;
            }
            // The handler ran: its answer, or its exception below, stands.
        }
        Throwable thrown = outcome.thrown;
        switch (thrown) {
            case null -> { }
            case IOException io -> throw io;
            case ServletException servlet -> throw servlet;
            case RuntimeException runtime -> throw runtime;
            case Error error -> throw error;
            default -> throw new ServletException(thrown);
        }
    }

    private static void answer(HttpServletResponse response, InboundRefusal refusal) throws IOException {
        response.setStatus(refusal.status());
        response.setHeader("Retry-After", Long.toString(refusal.retryAfterSeconds()));
        response.setContentType(InboundRefusal.CONTENT_TYPE);
        byte[] body = refusal.body();
        response.setContentLength(body.length);
        response.getOutputStream().write(body);
    }
}
