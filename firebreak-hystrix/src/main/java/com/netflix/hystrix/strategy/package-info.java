/**
 * Hystrix's plugin registry ({@code HystrixPlugins}): the strategies and hooks an application may
 * register, as in Hystrix.
 */
package com.netflix.hystrix.strategy;
