/**
 * Javanica's request cache annotations ({@code @CacheResult}, {@code @CacheRemove}, {@code @CacheKey}).
 */
package com.netflix.hystrix.contrib.javanica.cache.annotation;
