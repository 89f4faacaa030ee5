package dev.firebreak.samples.contrib;

import com.netflix.hystrix.HystrixCommand;
import com.netflix.hystrix.HystrixCommandGroupKey;
import com.netflix.hystrix.HystrixCommandKey;
import com.netflix.hystrix.HystrixThreadPoolKey;
import java.util.concurrent.Callable;

/** A plain Hystrix command (group "Quotes", key "Quote", pool "QuotePool"), as an application would write it. */
public class QuoteCommand extends HystrixCommand<String> {

    private final Callable<String> quote;

    public QuoteCommand(Callable<String> quote) {
        super(Setter.withGroupKey(HystrixCommandGroupKey.Factory.asKey("Quotes"))
                .andCommandKey(HystrixCommandKey.Factory.asKey("Quote"))
                .andThreadPoolKey(HystrixThreadPoolKey.Factory.asKey("QuotePool")));
        this.quote = quote;
    }

    @Override
    protected String run() throws Exception {
        return quote.call();
    }

    @Override
    protected String getFallback() {
        return "no quote";
    }
}
