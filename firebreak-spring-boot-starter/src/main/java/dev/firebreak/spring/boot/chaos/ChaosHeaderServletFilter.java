package dev.firebreak.spring.boot.chaos;

import dev.firebreak.context.RequestContext;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.List;
import org.springframework.core.Ordered;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Copies the values of the configured chaos headers ({@code firebreak.chaos.headers}) into the request's
 * {@link dev.firebreak.chaos.ChaosTags}: into the request context already current (another filter's), or
 * into one it opens for the request. A request without those headers passes untouched. Runs late, so a
 * context opened by an earlier filter is the one tagged.
 */
public class ChaosHeaderServletFilter extends OncePerRequestFilter implements Ordered {

    private final ChaosHeaders headers;

    ChaosHeaderServletFilter(ChaosHeaders headers) {
        this.headers = headers;
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        List<String> tags = headers.tagsOf(name -> ChaosHeaders.list(request.getHeaders(name)));
        if (tags.isEmpty()) {
            chain.doFilter(request, response);
            return;
        }
        RequestContext current = RequestContext.currentOrNull();
        if (current != null) {
            ChaosHeaders.tag(current, tags);
            chain.doFilter(request, response);
            return;
        }
        try (RequestContext opened = RequestContext.open()) {
            ChaosHeaders.tag(opened, tags);
            chain.doFilter(request, response);
        }
    }

    @Override
    public int getOrder() {
        return Ordered.LOWEST_PRECEDENCE - 100;
    }
}
