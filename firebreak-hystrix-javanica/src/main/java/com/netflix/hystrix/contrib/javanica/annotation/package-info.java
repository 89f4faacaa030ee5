/**
 * Javanica's annotations ({@code @HystrixCommand}, {@code @HystrixCollapser}, {@code @HystrixProperty},
 * ...) as Hystrix code writes them, run on the Firebreak Hystrix bridge.
 */
package com.netflix.hystrix.contrib.javanica.annotation;
