/**
 * {@link dev.firebreak.spring.annotation.Guarded @Guarded}: Spring bean methods run under a guard of the
 * application's {@code GuardRegistry}, through Spring AOP, for sync methods and methods returning a
 * {@code CompletionStage}, a {@code Mono} or a {@code Flux}; fallback methods are resolved when the bean
 * is created, so a missing or mismatched one fails startup. A method may declare a retry or a hedge around
 * its guard, configured from {@code firebreak.retry.<name>.*} / {@code firebreak.hedge.<name>.*}.
 */
package dev.firebreak.spring.annotation;
