package dev.firebreak.spring.annotation;

import dev.firebreak.context.Criticality;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Runs a Spring bean's method under the guard {@link #name()} of the application's
 * {@code GuardRegistry}: its breaker, isolation, timeout, metrics and fallback apply, configured in
 * {@code application.yml} under {@code firebreak.command.<name>.*} (or Hystrix's
 * {@code hystrix.command.<name>.*}).
 *
 * <pre>{@code
 * @Guarded(name = "quotes", fallbackMethod = "cachedQuote")
 * public Quote quote(String symbol) { return client.quote(symbol); }
 *
 * Quote cachedQuote(String symbol, Throwable cause) { return cache.last(symbol); }
 * }</pre>
 *
 * <p>By the method's return type:
 * <ul>
 *   <li>{@code CompletionStage} (or {@code CompletableFuture}): {@code Guard.submitAsync}; no thread is
 *       held while the stage is pending;</li>
 *   <li>{@code Mono} / {@code Flux} (Reactor on the classpath): {@code GuardedMono} / {@code GuardedFlux},
 *       one guarded call per subscription, cancellation reaching the call, the timeout bounding the
 *       whole stream;</li>
 *   <li>anything else: {@code Guard.execute}, with the guard's isolation (a pool or virtual thread,
 *       or the caller's thread under SEMAPHORE).</li>
 * </ul>
 *
 * <p>The fallback method is a method of the same bean (any visibility) with the guarded method's
 * parameters, optionally followed by one {@code Throwable} parameter, and a return type assignable to
 * the guarded method's (a {@code Mono} for a {@code Mono} method, and so on). The {@code Throwable} is
 * the method's own exception for a failure, and the {@code GuardException} for a timeout, a rejection or
 * an open breaker. Several fallback methods may share the name, their last parameter a narrower
 * exception type: the one of the cause's most specific type answers, the one without it (or taking
 * {@code Throwable}) answers the rest. A missing or mismatched fallback method, two catch-alls or none,
 * or one taking a checked exception the method does not declare fails the application's startup with a
 * message naming the bean, the method and the signatures expected. Without a fallback a failure reaches
 * the caller as a {@code GuardException} saying what happened (its cause is the method's exception).
 * A fallback method that is {@code @Guarded} itself runs through its own guard and fallback (for a stage,
 * a {@code Mono} or a {@code Flux}, asynchronously); its refusal or failure reaches the caller as the
 * {@code fallbackFailure()} of the method's {@code GuardException}. Guarded fallbacks that lead back to a
 * method on the way (a falls back to b, b to a) fail the start, naming the bean and the methods.
 *
 * <p>A retry, or a hedge, is declared beside the guard and configured like one built in code, from
 * {@code firebreak.retry.<name>.*} or {@code firebreak.hedge.<name>.*} (live: a change applies to the next
 * call); each attempt goes through the guard, and the fallback method answers once, after the last attempt:
 *
 * <pre>{@code
 * @Guarded(name = "orders", retry = "orders-retry", fallbackMethod = "cachedOrder")
 * public Order order(String id) { return client.order(id); }
 *
 * @Guarded(name = "profiles", hedge = "profiles-hedge", idempotent = true)
 * public Profile profile(String id) { return client.profile(id); }
 * }</pre>
 *
 * <p>Both on one method compose in one order: the retry outside, each of its attempts hedged, each hedge
 * attempt one call through the guard; the retry's budget counts its retries, the hedge's its hedges.
 * For a {@code Mono} or a {@code Flux}, each subscription is one call of the policies. A {@code Flux}
 * attempt is judged by its first signal: one that fails before its first element is retried (a new call
 * of the method); after an element has reached the subscriber, an error passes on as the guard's
 * exception, neither retried nor answered by the fallback method (elements cannot be taken back); the
 * first attempt to emit an element, or to complete, wins a hedge. The application fails to start, naming
 * the bean, the method and the reason, for a hedge on a method not marked {@link #idempotent()}, a retry
 * or a hedge whose name has no key in the Environment, or one policy name declared through two guards.
 *
 * <p>{@link #ignore()}, {@link #record()} and {@link #recordResultPredicate()} classify the guard's
 * outcomes as its code would; each is replaced by the guard's key of the same name in the Environment.
 * The methods of one guard declare the same classification or none.
 *
 * <p>{@link #criticality()} sets the level the call runs at (SHEDDABLE for a prefetch, CRITICAL_PLUS for a
 * login), over the caller's.
 *
 * <p>The annotation applies where it is on the method, on a method it overrides, or on an interface
 * method it implements, also when the bean's class implements that interface with a method inherited
 * from a superclass outside it; each bean class resolves its own guard and fallback for such a method.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface Guarded {

    /** The guard's name (Hystrix's command key): the key of its configuration and of its metrics. */
    String name();

    /** The name of the fallback method on the same bean; empty for none. */
    String fallbackMethod() default "";

    /**
     * The retry policy around the guard, configured from {@code firebreak.retry.<retry>.*}; empty for none.
     * Each attempt is one call through the guard.
     */
    String retry() default "";

    /**
     * The hedging policy around the guard, configured from {@code firebreak.hedge.<hedge>.*}; empty for
     * none. Needs {@link #idempotent()}: a hedge runs the method again while the first call still runs.
     */
    String hedge() default "";

    /** Whether the method may run more than once at the same time with the same arguments (a hedge needs it). */
    boolean idempotent() default false;

    /**
     * Exceptions (and their subclasses) passed through to the caller as bad requests: no fallback, counted
     * as neither success nor failure. The guard's {@code ignoreExceptions} as its code sets it:
     * {@code firebreak.command.<name>.ignoreExceptions} (or its base configuration) replaces it.
     */
    Class<? extends Throwable>[] ignore() default {};

    /**
     * If any, the only exceptions (and their subclasses) counted as failures; every other exception passes
     * through as a bad request. The guard's {@code recordExceptions} as its code sets it (the key replaces it).
     */
    Class<? extends Throwable>[] record() default {};

    /**
     * The bean name of a {@code java.util.function.Predicate} whose accepted results count as failures;
     * empty for none. The guard's {@code recordResultPredicate} as its code sets it (the key replaces it).
     */
    String recordResultPredicate() default "";

    /**
     * The level the call runs at, whatever the caller's: {@code @Guarded(name = "prefetch", criticality =
     * Criticality.SHEDDABLE)}. A {@link Criticality} scope is open around the guarded call (for a
     * {@code Mono} or a {@code Flux}, around each subscription, and in its Reactor {@code Context}), so the
     * guard's priorities, the calls it makes and the criticality header of its outgoing requests see it.
     * Empty (the default): the caller's level ({@link Criticality#current()}). More than one fails the start.
     */
    Criticality[] criticality() default {};
}
