package dev.firebreak.samples.netflix;

import com.netflix.hystrix.contrib.javanica.annotation.HystrixCommand;
import com.netflix.hystrix.contrib.javanica.annotation.HystrixProperty;
import org.springframework.stereotype.Service;

/** Two report commands sharing one small thread pool: a bulkhead that keeps slow reports from taking every thread. */
@Service
public class ReportService {

    private final Downstream downstream;

    /** Reads from {@code downstream}. */
    public ReportService(Downstream downstream) {
        this.downstream = downstream;
    }

    /** The monthly report, in the shared pool. */
    @HystrixCommand(commandKey = "monthlyReport", groupKey = "reports", threadPoolKey = "reportPool",
            fallbackMethod = "busy",
            commandProperties = @HystrixProperty(name = "execution.isolation.thread.timeoutInMilliseconds", value = "30000"),
            threadPoolProperties = {@HystrixProperty(name = "coreSize", value = "2"),
                    @HystrixProperty(name = "maxQueueSize", value = "-1")})
    public String monthly(String month) {
        return "monthly " + downstream.get("/reports/" + month);
    }

    /** The yearly report, in the same pool. */
    @HystrixCommand(commandKey = "yearlyReport", groupKey = "reports", threadPoolKey = "reportPool",
            fallbackMethod = "busy",
            commandProperties = @HystrixProperty(name = "execution.isolation.thread.timeoutInMilliseconds", value = "30000"),
            threadPoolProperties = {@HystrixProperty(name = "coreSize", value = "2"),
                    @HystrixProperty(name = "maxQueueSize", value = "-1")})
    public String yearly(String year) {
        return "yearly " + downstream.get("/reports/" + year);
    }

    String busy(String period, Throwable cause) {
        return "busy (" + cause.getClass().getSimpleName() + ")";
    }
}
