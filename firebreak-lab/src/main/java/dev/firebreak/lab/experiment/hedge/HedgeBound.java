package dev.firebreak.lab.experiment.hedge;

/**
 * The best p99 one hedge can reach on the experiment's downstream, computed from the downstream's own
 * distribution (docs/results/hedge derives it): a call's latency {@code X} is lognormal (median
 * {@code medianMs}, shape {@code sigma}), a {@code slowFraction} of calls taking {@code slowFactor}
 * times as long. A hedge sent after the p95 {@code d} ends a call at {@code min(X, d + X')}, so
 * {@code P(T > t) = P(X > t) P(X' > t - d)}, and the p99 is where that product is 1 %.
 *
 * <p>A fixed overhead {@code c} per call (HTTP, scheduling) enters twice: the guard sees every latency
 * as {@code X + c}, so its p95 is {@code d + c}, and the hedge itself takes {@code X' + c}:
 * {@code P(T > t) = P(X > t - c) P(X' > t - d - 2c)}. {@link #hedgedP99(double)} takes the overhead
 * measured in the same run, so the bound compares like with like.
 */
record HedgeBound(double medianMs, double sigma, double slowFraction, double slowFactor) {

    /** The lab's downstream: median 10 ms, shape {@link HedgeExperiment#SPREAD}, 2 % of calls 10 times slower. */
    static HedgeBound lab() {
        return new HedgeBound(10, HedgeExperiment.SPREAD, 0.02, 10);
    }

    /** {@code P(X > t)}: the share of calls slower than {@code tMs}. */
    double slower(double tMs) {
        if (tMs <= 0) {
            return 1;
        }
        double fast = 1 - normal(Math.log(tMs / medianMs) / sigma);
        double slow = 1 - normal(Math.log(tMs / (medianMs * slowFactor)) / sigma);
        return (1 - slowFraction) * fast + slowFraction * slow;
    }

    /** The downstream's own quantile {@code p} of one call's latency, in milliseconds. */
    double quantile(double p) {
        return solve(t -> slower(t) - (1 - p));
    }

    /** The hedged p99 with a hedge after the downstream's p95 and {@code overheadMs} per call. */
    double hedgedP99(double overheadMs) {
        double c = Math.max(0, overheadMs);
        double delay = quantile(0.95) + c; // what the guard's rolling p95 reads
        return solve(t -> slower(t - c) * slower(t - delay - c) - 0.01);
    }

    /** The root of a decreasing function of t on (0, 100 x the slow calls' median], by bisection. */
    private double solve(java.util.function.DoubleUnaryOperator decreasing) {
        double lo = 0;
        double hi = medianMs * slowFactor * 100;
        for (int i = 0; i < 200; i++) {
            double mid = (lo + hi) / 2;
            if (decreasing.applyAsDouble(mid) > 0) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    /** The standard normal distribution function. */
    static double normal(double z) {
        return 0.5 * erfc(-z / Math.sqrt(2));
    }

    // Numerical Recipes' erfc (Chebyshev fit, relative error below 1.2e-7): ample for milliseconds.
    private static double erfc(double x) {
        double z = Math.abs(x);
        double t = 1 / (1 + 0.5 * z);
        double r = t * Math.exp(-z * z - 1.26551223 + t * (1.00002368 + t * (0.37409196 + t * (0.09678418
                + t * (-0.18628806 + t * (0.27886807 + t * (-1.13520398 + t * (1.48851587
                + t * (-0.82215223 + t * 0.17087277)))))))));
        return x >= 0 ? r : 2 - r;
    }
}
