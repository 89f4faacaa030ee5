package dev.firebreak.bench;

import java.time.Duration;

/** Every subject by the name the benchmarks' {@code subject} parameter gives it. */
final class Subjects {

    private Subjects() {
    }

    /** The success path of {@code name} around {@code work}. */
    static Subject success(String name, Work work) throws Exception {
        return switch (name) {
            case "direct" -> work::run;
            case "firebreak-semaphore" -> FirebreakSubjects.success("semaphore", work);
            case "firebreak-semaphore-nopct" -> FirebreakSubjects.successNoPercentiles(work);
            case "firebreak-virtual" -> FirebreakSubjects.success("virtual", work);
            case "firebreak-thread" -> FirebreakSubjects.success("thread", work);
            case "r4j-cb-bulkhead" -> Resilience4jSubjects.cbBulkhead(work);
            case "r4j-cb-bulkhead-coarse" -> Resilience4jSubjects.cbBulkheadCoarseClock(work);
            case "r4j-cb-bulkhead-timelimiter" -> Resilience4jSubjects.cbBulkheadTimeLimiter(work);
            case "hystrix-semaphore" -> HystrixSubjects.success("semaphore", work);
            case "hystrix-thread" -> HystrixSubjects.success("thread", work);
            case "failsafe-cb-bulkhead" -> FailsafeSubjects.cbBulkhead(work);
            case "sentinel" -> SentinelSubjects.success(work);
            default -> throw new IllegalArgumentException("unknown subject '" + name + "'");
        };
    }

    /** The failure path {@code path} ({@code short-circuited} or {@code rejected}) of {@code name}. */
    static Subject failure(String name, String path) throws Exception {
        boolean shortCircuited = switch (path) {
            case "short-circuited" -> true;
            case "rejected" -> false;
            default -> throw new IllegalArgumentException("unknown failure path '" + path + "'");
        };
        return switch (name) {
            case "firebreak" -> shortCircuited ? FirebreakSubjects.shortCircuited() : FirebreakSubjects.rejected();
            case "firebreak-thrown" -> shortCircuited ? FirebreakSubjects.shortCircuitedThrown() : FirebreakSubjects.rejected();
            case "r4j" -> shortCircuited ? Resilience4jSubjects.shortCircuited(true) : Resilience4jSubjects.rejected(true);
            case "r4j-no-stack-trace" -> shortCircuited
                    ? Resilience4jSubjects.shortCircuited(false) : Resilience4jSubjects.rejected(false);
            case "hystrix" -> shortCircuited ? HystrixSubjects.shortCircuited() : HystrixSubjects.rejected();
            case "failsafe" -> shortCircuited ? FailsafeSubjects.shortCircuited() : FailsafeSubjects.rejected();
            case "sentinel" -> shortCircuited ? SentinelSubjects.shortCircuited() : SentinelSubjects.rejected();
            default -> throw new IllegalArgumentException("unknown subject '" + name + "'");
        };
    }

    /** A call of {@code name} that sleeps for {@code sleep} under a {@code timeout}: the caller returns at the deadline. */
    static Subject timingOut(String name, Duration timeout, Duration sleep) throws Exception {
        return switch (name) {
            case "firebreak-thread" -> FirebreakSubjects.timingOut("thread", true, timeout, sleep);
            case "firebreak-virtual" -> FirebreakSubjects.timingOut("virtual", true, timeout, sleep);
            case "firebreak-thread-no-interrupt" -> FirebreakSubjects.timingOut("thread", false, timeout, sleep);
            case "hystrix-thread" -> HystrixSubjects.timingOut((int) timeout.toMillis(), sleep.toMillis());
            case "r4j-timelimiter" -> Resilience4jSubjects.timingOut(timeout, sleep);
            default -> throw new IllegalArgumentException("unknown subject '" + name + "'");
        };
    }
}
