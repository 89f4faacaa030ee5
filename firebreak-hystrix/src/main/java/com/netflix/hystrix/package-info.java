/**
 * Hystrix 1.5.18's API ({@code HystrixCommand}, {@code HystrixObservableCommand}, {@code HystrixCollapser},
 * their keys, properties and metrics) running on Firebreak guards: existing Hystrix code works unchanged.
 */
package com.netflix.hystrix;
