package dev.firebreak.spring.boot.chaos;

import dev.firebreak.context.RequestContext;
import java.util.List;
import org.springframework.core.Ordered;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import reactor.core.Disposable;
import reactor.core.publisher.Mono;

/**
 * The WebFlux form of {@link ChaosHeaderServletFilter}: a request carrying a configured chaos header is
 * handled with a request context holding its {@link dev.firebreak.chaos.ChaosTags} current while the rest
 * of the chain is subscribed, so the guarded calls a handler makes when it is invoked see the tags (a call
 * made later on another thread does not: Firebreak's request context is thread-bound).
 */
public class ChaosHeaderWebFilter implements WebFilter, Ordered {

    private final ChaosHeaders headers;

    ChaosHeaderWebFilter(ChaosHeaders headers) {
        this.headers = headers;
    }

    @Override
    public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
        List<String> tags = headers.tagsOf(name -> exchange.getRequest().getHeaders().get(name));
        if (tags.isEmpty()) {
            return chain.filter(exchange);
        }
        return Mono.create(sink -> {
            RequestContext outer = RequestContext.currentOrNull();
            RequestContext context = outer != null ? outer : RequestContext.open();
            ChaosHeaders.tag(context, tags);
            try {
                Disposable running = chain.filter(exchange).contextWrite(sink.contextView())
                        .subscribe(null, sink::error, sink::success);
                sink.onCancel(running);
            } finally {
                if (context != outer) {
                    context.close(); // current on this thread only while the chain was subscribed
                }
            }
        });
    }

    @Override
    public int getOrder() {
        return Ordered.LOWEST_PRECEDENCE - 100;
    }
}
